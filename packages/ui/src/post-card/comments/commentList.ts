import type { UserRef } from '@devcircle/contracts';
import type { Comment } from '../posts/types';

/** Comments shown at first, and added by each 'View N more comments' (§9). */
export const COMMENTS_STEP = 3;

export type ShownComment = Comment & { user: UserRef };

/** Deleted comments (older data) and those whose author is gone are never shown (§2). */
export function isShown(comment: Comment): comment is ShownComment {
  return !comment.deleted && comment.user !== null;
}

/** Ids are ObjectIds: same-length hex whose order is creation order, so a longer or greater id is newer. */
export function isOlder(a: Comment, b: Comment): boolean {
  return a._id.length === b._id.length ? a._id < b._id : a._id.length < b._id.length;
}

/**
 * The comments known beyond the post's latest-50 window, newest first: the pages loaded earlier and those a
 * new comment pushed out of the window. Anything the window now covers is taken from the post instead.
 */
export function beyondWindow(latest: Comment[], known: Comment[]): Comment[] {
  const oldest = latest[latest.length - 1];
  if (!oldest) return [];
  const seen = new Set<string>();
  return known.filter((comment) => {
    if (!isOlder(comment, oldest) || seen.has(comment._id)) return false;
    seen.add(comment._id);
    return true;
  });
}

/** Newest first: `older` holds no duplicates of `window` (see beyondWindow), so only the new page is checked. */
export function appendOlder(current: Comment[], page: Comment[]): Comment[] {
  const ids = new Set(current.map((comment) => comment._id));
  return [...current, ...page.filter((comment) => !ids.has(comment._id))];
}
