import { notFound, parseObjectId } from '@devcircle/service-kit';
import type { ObjectId } from 'mongodb';
import type { Comment } from '../comments/comment';
import type { PostsContext } from '../context';
import { POST_NOT_FOUND, type Post } from '../posts/post';
import { canSee } from '../privacy/visibility';

export { POST_NOT_FOUND };

export const COMMENT_NOT_FOUND = 'Comment not found';

/** The post a path names; an unknown or malformed id is a 404, not a validation error. */
export async function loadPost(ctx: PostsContext, id: string | undefined): Promise<Post> {
  const postId = parseObjectId(id);
  const post = postId ? await ctx.posts.findById(postId) : null;
  if (!post) throw notFound(POST_NOT_FOUND);
  return post;
}

/**
 * The post a path names, if `viewer` may see it (README "Privacy"). One they may not is the same 404 as one
 * that does not exist, so a stranger cannot tell that a private author's post is there.
 */
export async function loadVisiblePost(
  ctx: PostsContext,
  id: string | undefined,
  viewer: ObjectId,
): Promise<Post> {
  const post = await loadPost(ctx, id);
  if (!(await canSee(ctx, post, viewer))) throw notFound(POST_NOT_FOUND);
  return post;
}

/** A comment of `post` named by a path; one of another post is as unknown as one that does not exist. */
export async function loadComment(ctx: PostsContext, post: Post, id: string | undefined): Promise<Comment> {
  const commentId = parseObjectId(id);
  const comment = commentId ? await ctx.comments.findInPost(post._id, commentId) : null;
  if (!comment) throw notFound(COMMENT_NOT_FOUND);
  return comment;
}
