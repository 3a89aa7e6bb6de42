import { toAuthorView, type Author } from '../authors/author';
import type { Post, PostView } from './post';

/**
 * The answer to creating a post, from what the create already holds: a post just made has no likes and no
 * comments, so `postView`'s three reads (comments, the caller's likes, the names) would only confirm that.
 */
export function newPostView(post: Post, author: Author): PostView {
  return {
    _id: post._id.toHexString(),
    author: toAuthorView(author),
    content: post.content,
    ...(post.codeSnippet ? { codeSnippet: post.codeSnippet } : {}),
    ...(post.codeLanguage ? { codeLanguage: post.codeLanguage } : {}),
    createdAt: post.createdAt.toISOString(),
    likes: 0,
    likedByMe: false,
    bookmarkedByMe: false,
    comments: [],
    commentsCount: 0,
    hasMoreComments: false,
  };
}
