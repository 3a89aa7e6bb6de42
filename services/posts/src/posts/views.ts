import { EMBEDDED_COMMENTS } from '@devcircle/contracts';
import type { ObjectId } from 'mongodb';
import { toAuthorView, unknownAuthor, type Author } from '../authors/author';
import { toCommentView, type Comment, type CommentView } from '../comments/comment';
import type { PostsContext } from '../context';
import type { Post, PostView } from './post';

/** Comments whose user is unknown (deleted account) are hidden. */
export function commentViews(comments: Comment[], authors: Map<string, Author>): CommentView[] {
  const views: CommentView[] = [];
  for (const comment of comments) {
    const user = authors.get(comment.userId.toHexString());
    if (user) views.push(toCommentView(comment, toAuthorView(user)));
  }
  return views;
}

/**
 * The response form of `posts`, in their order, in three round trips whatever their number (docs/reads.md): the
 * latest comments of every post in one `$lookup` (at most 51 each, on the comments' index), alongside it the
 * viewer's likes and bookmarks in one `$in` each, then every name in one `$in` over `authors`.
 */
export async function postViews(ctx: PostsContext, posts: Post[], viewer?: ObjectId): Promise<PostView[]> {
  if (posts.length === 0) return [];
  const postIds = posts.map((post) => post._id);
  const none = Promise.resolve(new Set<string>());
  const [latestByPost, liked, saved] = await Promise.all([
    ctx.comments.latestOfPosts(postIds, EMBEDDED_COMMENTS + 1),
    viewer ? ctx.likes.likedAmong(viewer, postIds) : none,
    viewer ? ctx.bookmarks.savedAmong(viewer, postIds) : none,
  ]);
  const latest = posts.map((post) => latestByPost.get(post._id.toHexString()) ?? []);
  const authors = await ctx.authors.findMany([
    ...posts.map((post) => post.authorId),
    ...latest.flat().map((comment) => comment.userId),
  ]);
  return posts.map((post, i) => {
    const author = authors.get(post.authorId.toHexString());
    return {
      _id: post._id.toHexString(),
      author: author ? toAuthorView(author) : unknownAuthor(post.authorId),
      content: post.content,
      ...(post.codeSnippet ? { codeSnippet: post.codeSnippet } : {}),
      ...(post.codeLanguage ? { codeLanguage: post.codeLanguage } : {}),
      createdAt: post.createdAt.toISOString(),
      likes: post.likesCount,
      likedByMe: liked.has(post._id.toHexString()),
      bookmarkedByMe: saved.has(post._id.toHexString()),
      comments: commentViews(latest[i].slice(0, EMBEDDED_COMMENTS), authors),
      commentsCount: post.commentsCount,
      hasMoreComments: latest[i].length > EMBEDDED_COMMENTS,
    };
  });
}

export async function postView(ctx: PostsContext, post: Post, viewer?: ObjectId): Promise<PostView> {
  const [view] = await postViews(ctx, [post], viewer);
  return view;
}
