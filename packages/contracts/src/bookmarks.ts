import { FEED_PAGE_SIZE } from './limits';
import type { CursorPage } from './pagination';
import type { Post } from './posts';

/**
 * Bookmarks (issue 19): a member saves posts to read later. Private to the member: no one else can list them, no
 * event or notification tells the author, and a post the member may no longer see (its author went private, or
 * was unfollowed) is left out of the list. A deleted post takes its bookmarks with it.
 */

/** `PUT` saves, `DELETE` removes; both idempotent, both answer `BookmarkAnswer`. */
export const bookmarkPath = (postId: string): string => `/api/posts/${encodeURIComponent(postId)}/bookmark`;

/** The answer to `PUT`/`DELETE /api/posts/:id/bookmark`: the post and whether the caller has it saved now. */
export interface BookmarkAnswer {
  postId: string;
  bookmarked: boolean;
}

/**
 * `GET /api/bookmarks?limit=&before=`: the caller's saved posts, the most recently saved first. `nextCursor` names
 * a bookmark, not a post (the order is when each was saved); pass it back as `before`.
 */
export interface BookmarksPage extends CursorPage {
  posts: Post[];
}

/** One page of the caller's bookmarks: the newest saved, or those saved before the `before` cursor. */
export function bookmarksPagePath(before: string | null = null): string {
  const cursor = before ? `&before=${encodeURIComponent(before)}` : '';
  return `/api/bookmarks?limit=${FEED_PAGE_SIZE}${cursor}`;
}
