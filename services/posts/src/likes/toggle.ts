import { type Caller, conflict, inTransaction, notFound } from '@devcircle/service-kit';
import type { PostsContext } from '../context';
import { postEventFields, recordPostEvent } from '../events/record';
import { POST_NOT_FOUND, type Post } from '../posts/post';

/** Another request of the same user inserted the like between this transaction's read and its insert. */
class LikeRaced extends Error {}

/** A toggle that keeps racing the same user's other requests gives up after this. */
const MAX_ATTEMPTS = 5;

/**
 * Flips the caller's like on `post` exactly once, in one transaction with everything it changes: the like, the
 * post's count, its author's and the `like`/`unlike` event (the outbox: all of it commits, or none). Two toggles
 * by the same user at once conflict on the post's count; the driver runs the later one again, which then sees the
 * earlier one's like. Returns whether the caller now likes the post.
 */
export async function toggleLike(ctx: PostsContext, post: Post, caller: Caller): Promise<boolean> {
  const event = postEventFields(caller, post);
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    try {
      return await inTransaction(ctx.deps.database.client, async (session) => {
        if (await ctx.likes.remove(post._id, caller.id, session)) {
          // Only a like the post still counts is taken off its author: a deleted post's were, all at once.
          if (await ctx.posts.addToCounts(post._id, { likesCount: -1 }, session)) {
            await ctx.authors.addToStats(post.authorId, { likesReceived: -1 }, session);
          }
          await recordPostEvent(ctx, { type: 'unlike', ...event }, session);
          return false;
        }
        if (!(await ctx.posts.addToCounts(post._id, { likesCount: 1 }, session)))
          throw notFound(POST_NOT_FOUND);
        if (!(await ctx.likes.insert(post._id, caller.id, session))) throw new LikeRaced();
        await ctx.authors.addToStats(post.authorId, { likesReceived: 1 }, session);
        await recordPostEvent(ctx, { type: 'like', ...event }, session);
        return true;
      });
    } catch (err) {
      if (!(err instanceof LikeRaced)) throw err;
    }
  }
  throw conflict('The like changed too often at once; please try again');
}
