import type { PostEvent } from '@devcircle/contracts';
import { LOGS, recordEvent, type Caller, type Recorded } from '@devcircle/service-kit';
import type { ClientSession, ObjectId } from 'mongodb';
import type { PostsContext } from '../context';
import type { Post } from '../posts/post';

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

/** What every post event says: who acted, on which post, and whose post it is. */
export function postEventFields(caller: Caller, post: Pick<Post, '_id' | 'authorId'>) {
  return {
    actor: { _id: caller.id, username: caller.username },
    postId: post._id,
    postAuthorId: post.authorId,
  };
}
