import { type Caller, conflict, notFound } from '@devcircle/service-kit';
import type { PostsContext } from '../context';
import { recordPostEvent } from '../events/record';
import { POST_NOT_FOUND, type Post } from '../posts/post';

/** A toggle whose like keeps being added and removed by the same user's other requests gives up after this. */
const MAX_ATTEMPTS = 5;

/**
 * Flips the caller's like on `post` exactly once, also when the same user's requests race: each attempt either
 * inserts the like (the unique index refuses a second one) or removes it, and only the request whose write
 * happened changes the counts (the post's and its author's) and records the event. Returns whether the caller
 * now likes the post.
 */
export async function toggleLike(ctx: PostsContext, post: Post, caller: Caller): Promise<boolean> {
  const event = {
    actor: { _id: caller.id, username: caller.username },
    postId: post._id,
    postAuthorId: post.authorId,
  };
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const like = await ctx.likes.insert(post._id, caller.id);
    if (like) {
      if (!(await ctx.posts.addToCounts(post._id, { likesCount: 1 }))) {
        // The post was deleted meanwhile: its likes went with it, and so does this one.
        await ctx.likes.removeById(like._id);
        throw notFound(POST_NOT_FOUND);
      }
      await ctx.authors.addToStats(post.authorId, { likesReceived: 1 });
      await recordPostEvent(ctx, { type: 'like', ...event });
      return true;
    }
    if (await ctx.likes.remove(post._id, caller.id)) {
      // Only a like the post still counted is taken off its author: a deleted post's were, all at once.
      if (await ctx.posts.addToCounts(post._id, { likesCount: -1 })) {
        await ctx.authors.addToStats(post.authorId, { likesReceived: -1 });
      }
      await recordPostEvent(ctx, { type: 'unlike', ...event });
      return false;
    }
    // Another request of the same user removed the like between our insert and our delete: start again.
  }
  throw conflict('The like changed too often at once; please try again');
}
