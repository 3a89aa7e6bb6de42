import { EMBEDDED_COMMENTS } from '@devcircle/contracts';
import type { ObjectId } from 'mongodb';
import { toAuthorView, unknownAuthor, type Author } from '../authors/author';
import { toCommentView, type Comment, type CommentView } from '../comments/comment';
import type { PostsContext } from '../context';
import type { Post, PostCard, PostView, ViewerFields } from './post';

/** Comments whose user is unknown (deleted account) are hidden. */
export function commentViews(comments: Comment[], authors: Map<string, Author>): CommentView[] {
  const views: CommentView[] = [];
  for (const comment of comments) {
    const user = authors.get(comment.userId.toHexString());
    if (user) views.push(toCommentView(comment, toAuthorView(user)));
  }
  return views;
}

const NO_ONE: ViewerFields = { likedByMe: false, bookmarkedByMe: false };

/**
 * The reader's fields for each of `postIds`, in one `$in` per kind whatever their number (the likes' and the
 * bookmarks' `(postId, userId)` indexes). Without a reader, none is set.
 */
export async function viewerFields(
  ctx: PostsContext,
  postIds: ObjectId[],
  viewer?: ObjectId,
): Promise<(postId: string) => ViewerFields> {
  if (!viewer || postIds.length === 0) return () => NO_ONE;
  const [liked, saved] = await Promise.all([
    ctx.likes.likedAmong(viewer, postIds),
    ctx.bookmarks.savedAmong(viewer, postIds),
  ]);
  return (postId) => ({ likedByMe: liked.has(postId), bookmarkedByMe: saved.has(postId) });
}

/**
 * The cards of `posts`, in their order, in two round trips whatever their number (docs/reads.md): the latest
 * comments of every post in one `$lookup` (at most 51 each, on the comments' index), then every name in one `$in`
 * over `authors`.
 */
export async function postCards(ctx: PostsContext, posts: Post[]): Promise<PostCard[]> {
  if (posts.length === 0) return [];
  const latestByPost = await ctx.comments.latestOfPosts(
    posts.map((post) => post._id),
    EMBEDDED_COMMENTS + 1,
  );
  const latest = posts.map((post) => latestByPost.get(post._id.toHexString()) ?? []);
  const authors = await ctx.authors.findMany([
    ...posts.map((post) => post.authorId),
    ...latest.flat().map((comment) => comment.userId),
  ]);
  return posts.map((post, i) => toPostCard(post, latest[i], authors));
}

/**
 * One post's card from its latest comments (newest first, up to EMBEDDED_COMMENTS + 1, the one more telling
 * whether there are more) and the names of its author and theirs.
 */
export function toPostCard(post: Post, latest: Comment[], authors: Map<string, Author>): PostCard {
  const author = authors.get(post.authorId.toHexString());
  return {
    _id: post._id.toHexString(),
    author: author ? toAuthorView(author) : unknownAuthor(post.authorId),
    content: post.content,
    ...(post.codeSnippet ? { codeSnippet: post.codeSnippet } : {}),
    ...(post.codeLanguage ? { codeLanguage: post.codeLanguage } : {}),
    createdAt: post.createdAt.toISOString(),
    likes: post.likesCount,
    comments: commentViews(latest.slice(0, EMBEDDED_COMMENTS), authors),
    commentsCount: post.commentsCount,
    hasMoreComments: latest.length > EMBEDDED_COMMENTS,
  };
}

/**
 * A cached card's four answers (liked or not, saved or not), each made once: cards are shared between readers and
 * never changed, so neither are these (docs/caching.md).
 */
const viewsOfCard = new WeakMap<PostCard, PostView[]>();

/** A card with its reader's fields. */
export function withViewer(card: PostCard, fields: (postId: string) => ViewerFields): PostView {
  const { likedByMe, bookmarkedByMe } = fields(card._id);
  let views = viewsOfCard.get(card);
  if (!views) {
    views = [];
    viewsOfCard.set(card, views);
  }
  return (views[(likedByMe ? 1 : 0) + (bookmarkedByMe ? 2 : 0)] ??= { ...card, likedByMe, bookmarkedByMe });
}

/**
 * The response form of `posts`, in their order: their cards (two round trips) and, alongside, the viewer's likes
 * and bookmarks (one `$in` each), whatever their number (docs/reads.md).
 */
export async function postViews(ctx: PostsContext, posts: Post[], viewer?: ObjectId): Promise<PostView[]> {
  if (posts.length === 0) return [];
  const [cards, fields] = await Promise.all([
    postCards(ctx, posts),
    viewerFields(
      ctx,
      posts.map((post) => post._id),
      viewer,
    ),
  ]);
  return cards.map((card) => withViewer(card, fields));
}

export async function postView(ctx: PostsContext, post: Post, viewer?: ObjectId): Promise<PostView> {
  const [view] = await postViews(ctx, [post], viewer);
  return view;
}
