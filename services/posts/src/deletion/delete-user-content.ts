import type { ObjectId } from 'mongodb';
import type { PostsContext } from '../context';

const BATCH = 500;

/** What an account deletion removed, in documents. */
export interface RemovedContent {
  posts: number;
  likes: number;
  comments: number;
  bookmarks: number;
}

const sum = (values: number[]): number => values.reduce((total, value) => total + value, 0);

/**
 * The user's posts with all their likes, comments and bookmarks (anyone's). Posts go first: a like, comment or
 * bookmark racing in undoes itself.
 */
async function removePosts(ctx: PostsContext, userId: ObjectId, removed: RemovedContent): Promise<void> {
  for (;;) {
    const ids = await ctx.posts.idsByAuthor(userId, BATCH);
    if (ids.length === 0) return;
    removed.posts += await ctx.posts.deleteMany(ids);
    removed.likes += await ctx.likes.removeForPosts(ids);
    removed.comments += await ctx.comments.removeForPosts(ids);
    removed.bookmarks += await ctx.bookmarks.removeForPosts(ids);
  }
}

/**
 * The user's likes on other posts, one by one so each post's count, and its author's stats, go down exactly
 * for what was removed.
 */
async function removeLikes(ctx: PostsContext, userId: ObjectId, removed: RemovedContent): Promise<void> {
  for (;;) {
    const likes = await ctx.likes.byUser(userId, BATCH);
    if (likes.length === 0) return;
    const done = await Promise.all(
      likes.map(async (like) => {
        if (!(await ctx.likes.removeById(like._id))) return 0;
        const postAuthor = await ctx.posts.addToCounts(like.postId, { likesCount: -1 });
        if (postAuthor) await ctx.authors.addToStats(postAuthor, { likesReceived: -1 });
        return 1;
      }),
    );
    removed.likes += sum(done);
  }
}

async function removeComments(ctx: PostsContext, userId: ObjectId, removed: RemovedContent): Promise<void> {
  for (;;) {
    const comments = await ctx.comments.byUser(userId, BATCH);
    if (comments.length === 0) return;
    const done = await Promise.all(
      comments.map(async (comment) => {
        if (!(await ctx.comments.removeById(comment._id))) return 0;
        await ctx.posts.addToCounts(comment.postId, { commentsCount: -1 });
        return 1;
      }),
    );
    removed.comments += sum(done);
  }
}

/**
 * Account deletion: everything the user wrote goes, counts on other users' posts (and those users' stats) are
 * corrected, and the user's own bookmarks, follow pairs and the name record with the user's own stats are
 * dropped. Safe to repeat: a second run finds nothing and removes nothing.
 */
export async function deleteUserContent(ctx: PostsContext, userId: ObjectId): Promise<RemovedContent> {
  const removed: RemovedContent = { posts: 0, likes: 0, comments: 0, bookmarks: 0 };
  await removePosts(ctx, userId, removed);
  await removeLikes(ctx, userId, removed);
  await removeComments(ctx, userId, removed);
  removed.bookmarks += await ctx.bookmarks.removeForUser(userId);
  await ctx.follows.removeUser(userId);
  await ctx.hidden.removeUser(userId);
  await ctx.authors.remove(userId);
  return removed;
}
