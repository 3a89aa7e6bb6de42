import { useMemo } from 'react';
import type { ApiClient } from '@devcircle/sdk';
import { useSdk } from '@devcircle/sdk/react';
import {
  bookmarkPath,
  bookmarksPagePath,
  feedPagePath,
  type BookmarkAnswer,
  type BookmarksPage,
  type CommentsPage,
  type FeedPage,
  type NewPost,
  type Post,
} from '@devcircle/contracts';

/** Feed request timeouts (§8): 15 s for the first page, 8 s for later ones. */
export const FIRST_PAGE_TIMEOUT_MS = 15_000;
export const LATER_PAGE_TIMEOUT_MS = 8_000;

const postPath = (postId: string) => `/api/posts/${encodeURIComponent(postId)}`;
const commentPath = (postId: string, commentId: string) =>
  `${postPath(postId)}/comment/${encodeURIComponent(commentId)}`;

/** The posts service's calls (services/posts/README.md), made through the SDK's client (token, §8 errors). */
export function createPostsApi(api: ApiClient) {
  /** One feed page: the newest posts, or those older than `before` (cursor paging, constant cost per page). */
  function fetchFeedPage(before: string | null, signal?: AbortSignal): Promise<FeedPage> {
    return api.get<FeedPage>(feedPagePath(before), {
      timeoutMs: before ? LATER_PAGE_TIMEOUT_MS : FIRST_PAGE_TIMEOUT_MS,
      timeoutMessage: 'Posts fetch timeout',
      fallbackMessage: 'Unable to load posts. Please try again.',
      signal,
    });
  }

  function fetchPost(postId: string, signal?: AbortSignal): Promise<Post> {
    return api.get<Post>(postPath(postId), { fallbackMessage: 'Failed to fetch post', signal });
  }

  function createPost(post: NewPost): Promise<Post> {
    return api.post<Post>('/api/posts', post, { fallbackMessage: 'Failed to create post' });
  }

  function deletePost(postId: string): Promise<{ message: string }> {
    return api.delete(postPath(postId));
  }

  /** Likes or unlikes for the caller; answers the updated post. */
  function toggleLike(postId: string): Promise<Post> {
    return api.put<Post>(`${postPath(postId)}/like`);
  }

  /** Saves the post to the caller's bookmarks, or removes it; idempotent either way. */
  function setBookmarked(postId: string, bookmarked: boolean): Promise<BookmarkAnswer> {
    return bookmarked ? api.put(bookmarkPath(postId)) : api.delete(bookmarkPath(postId));
  }

  /** One page of the caller's bookmarks, the most recently saved first; `before` is the last page's `nextCursor`. */
  function fetchBookmarksPage(before: string | null, signal?: AbortSignal): Promise<BookmarksPage> {
    return api.get<BookmarksPage>(bookmarksPagePath(before), {
      timeoutMs: before ? LATER_PAGE_TIMEOUT_MS : FIRST_PAGE_TIMEOUT_MS,
      timeoutMessage: 'Bookmarks fetch timeout',
      fallbackMessage: 'Unable to load bookmarks. Please try again.',
      signal,
    });
  }

  function addComment(postId: string, text: string): Promise<Post> {
    return api.post<Post>(`${postPath(postId)}/comment`, { text });
  }

  function editComment(postId: string, commentId: string, text: string): Promise<Post> {
    return api.put<Post>(
      commentPath(postId, commentId),
      { text },
      { fallbackMessage: 'Failed to edit comment' },
    );
  }

  function deleteComment(postId: string, commentId: string): Promise<Post> {
    return api.delete<Post>(commentPath(postId, commentId), { fallbackMessage: 'Failed to delete comment' });
  }

  /** Comments older than `before` (the post carries only the latest 50), newest first. */
  function fetchOlderComments(postId: string, before: string, limit = 20): Promise<CommentsPage> {
    const query = new URLSearchParams({ before, limit: String(limit) });
    return api.get(`${postPath(postId)}/comments?${query}`);
  }

  return {
    fetchFeedPage,
    fetchPost,
    createPost,
    deletePost,
    toggleLike,
    setBookmarked,
    fetchBookmarksPage,
    addComment,
    editComment,
    deleteComment,
    fetchOlderComments,
  };
}

export type PostsApi = ReturnType<typeof createPostsApi>;

/** The posts calls of the page's SDK (or the one a test provides). */
export function usePostsApi(): PostsApi {
  const { api } = useSdk();
  return useMemo(() => createPostsApi(api), [api]);
}
