import { usePostsApi } from '@devcircle/ui/post-card';
import { usePostPages } from '../post-list/usePostPages';

/** What the member sees when the first page fails, whatever the cause (as the feed says it, product-spec §8). */
export const BOOKMARKS_ERROR_MESSAGE = 'Unable to load bookmarks. Please try again.';

/**
 * The member's bookmarks, the most recently saved first, paged by the server's cursor (a bookmark, not a post);
 * a card unbookmarked here stays (the control off) until the next visit.
 */
export function useBookmarks() {
  return usePostPages(usePostsApi().fetchBookmarksPage, 'bookmarks');
}
