import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { usePostsApi, type Post } from '@devcircle/ui/post-card';

/** What the member sees when the first page fails, whatever the cause (as the feed says it, product-spec §8). */
export const BOOKMARKS_ERROR_MESSAGE = 'Unable to load bookmarks. Please try again.';

export type BookmarksStatus = 'loading' | 'ready' | 'error';

/**
 * The member's bookmarks, the most recently saved first: the first page replaces the list, later pages (the
 * server's `nextCursor`, a bookmark, not a post) append. A load-more failure is only logged and sets `moreFailed`,
 * so the next scroll retries, as in the feed.
 */
export function useBookmarks() {
  const api = usePostsApi();
  const [posts, setPosts] = useState<Post[]>([]);
  const [status, setStatus] = useState<BookmarksStatus>('loading');
  const [hasMore, setHasMore] = useState(false);
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreFailed, setMoreFailed] = useState(false);
  // Refs mirror what the loaders read, so two triggers in one tick cannot fetch the same page twice.
  const cursor = useRef<string | null>(null);
  const busy = useRef(false);
  const abort = useRef<AbortController | null>(null);

  useEffect(() => () => abort.current?.abort(), []);

  const load = useCallback(
    async (first: boolean) => {
      if (!first && (busy.current || !cursor.current)) return;
      abort.current?.abort();
      const controller = new AbortController();
      abort.current = controller;
      busy.current = true;
      if (first) setStatus('loading');
      else {
        setLoadingMore(true);
        setMoreFailed(false);
      }
      try {
        const page = await api.fetchBookmarksPage(first ? null : cursor.current, controller.signal);
        if (controller.signal.aborted) return;
        cursor.current = page.nextCursor;
        startTransition(() => {
          setPosts((current) => {
            if (first) return page.posts;
            const seen = new Set(current.map((post) => post._id));
            return [...current, ...page.posts.filter((post) => !seen.has(post._id))];
          });
          setHasMore(page.hasMore);
          setStatus('ready');
        });
      } catch (error) {
        if (controller.signal.aborted) return;
        if (first) setStatus('error');
        else {
          console.error('Failed to load more bookmarks', error);
          setMoreFailed(true);
        }
      } finally {
        if (abort.current === controller) {
          busy.current = false;
          setLoadingMore(false);
        }
      }
    },
    [api],
  );

  const loadFirst = useCallback(() => load(true), [load]);
  const loadMore = useCallback(() => load(false), [load]);
  const allowRetry = useCallback(() => setMoreFailed(false), []);

  // A card unbookmarked here stays (showing the control off) so a slip is one tap to undo; it is gone next time.
  const replacePost = useCallback((post: Post) => {
    setPosts((current) => current.map((item) => (item._id === post._id ? post : item)));
  }, []);

  const removePost = useCallback((postId: string) => {
    setPosts((current) => current.filter((item) => item._id !== postId));
  }, []);

  return {
    posts,
    status,
    hasMore,
    loadingMore,
    moreFailed,
    loadFirst,
    loadMore,
    allowRetry,
    replacePost,
    removePost,
  };
}
