import type { PostEvent } from '@devcircle/contracts';
import { LOGS, recordEvent, type Recorded } from '@devcircle/service-kit';
import type { ClientSession, ObjectId } from 'mongodb';
import type { PostsContext } from '../context';

/** One document of `post_events` as it is stored (read by the notifications service). */
export type StoredPostEvent = Recorded<PostEvent<ObjectId>>;

/** Appends to `post_events` inside the transaction (`session`) of the write the event describes. */
export function recordPostEvent(
  ctx: PostsContext,
  event: PostEvent<ObjectId>,
  session: ClientSession,
): Promise<ObjectId> {
  return recordEvent(ctx.deps.db, LOGS.posts, event, { session });
}
