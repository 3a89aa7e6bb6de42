import { recordEvent } from '@devcircle/service-kit';
import type { ObjectId } from 'mongodb';
import type { PostsContext } from '../context';
import { POST_EVENTS, type PostEvent } from './post-event';

export type PostEventInput = Omit<PostEvent, '_id' | 'createdAt'>;

/** Appends to `post_events`, right after the write the event describes (no transactions to tie them). */
export function recordPostEvent(ctx: PostsContext, event: PostEventInput): Promise<ObjectId> {
  return recordEvent(ctx.deps.db, POST_EVENTS, { ...event });
}
