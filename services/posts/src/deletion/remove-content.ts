import { inTransaction, type Caller } from '@devcircle/service-kit';
import type { ObjectId } from 'mongodb';
import type { PostsContext } from '../context';
import { postEventFields, recordPostEvent } from '../events/record';
import type { Post } from '../posts/post';

/**
 * Deletes `post` as its author does (`DELETE /api/posts/:id`) and as a moderator's removal does (issue 20): in one
 * transaction the post, its likes, comments and bookmarks, its counts off the author's stats, and the
 * `post.deleted` event. A like or comment racing it conflicts on the post and, run again, finds no post. False when
 * it was already gone (a second request, a redelivered event).
 */
export async function removePost(app: PostsContext, post: Post, author: Caller): Promise<boolean> {
  let removed = false;
  await inTransaction(app.deps.database.client, async (session) => {
    removed = false;
    const deleted = await app.posts.deleteOwned(post._id, author.id, session);
    if (!deleted) return;
    await app.authors.addToStats(author.id, { postsCount: -1, likesReceived: -deleted.likesCount }, session);
    await app.likes.removeForPosts([post._id], session);
    await app.comments.removeForPosts([post._id], session);
    await app.bookmarks.removeForPosts([post._id], session);
    await recordPostEvent(app, { type: 'post.deleted', ...postEventFields(author, post) }, session);
    removed = true;
  });
  if (removed) app.cache.feedChanged(post._id);
  return removed;
}

/**
 * Deletes a comment of `post` as its author does and as a moderator's removal does: only the write that removed it
 * lowers the count, so two removals count once; the removal, the count and the `comment.deleted` event commit
 * together.
 */
export async function removeComment(
  app: PostsContext,
  post: Post,
  commentId: ObjectId,
  author: Caller,
): Promise<boolean> {
  let removed = false;
  await inTransaction(app.deps.database.client, async (session) => {
    removed = false;
    if (!(await app.comments.removeOwned(commentId, author.id, session))) return;
    await app.posts.addToCounts(post._id, { commentsCount: -1 }, session);
    await recordPostEvent(
      app,
      { type: 'comment.deleted', ...postEventFields(author, post), commentId },
      session,
    );
    removed = true;
  });
  // The card's count and latest comments change (docs/caching.md).
  if (removed) app.cache.postChanged(post._id);
  return removed;
}
