import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { usePostsApi, type Post } from '@devcircle/ui/post-card';

/** What the user sees when the first page fails, whatever the cause (product-spec §8). */
export const FEED_ERROR_MESSAGE = 'Unable to load posts. Please try again.';

export type FeedStatus = 'idle' | 'loading' | 'ready' | 'error';

/** Adds the posts not already listed (a post published meanwhile can shift a page boundary). */
function appendNew(current: Post[], next: Post[]): Post[] {
  const seen = new Set(current.map((post) => post._id));
  return [...current, ...next.filter((post) => !seen.has(post._id))];
}

/**
 * The feed list: the first page replaces it, later pages (cursor = the last post's id) append. A load-more
 * failure is only logged and sets `moreFailed`, so the caller waits for the next scroll before retrying.
 */
export function useFeed() {
  const api = usePostsApi();
  const [posts, setPosts] = useState<Post[]>([]);
  const [status, setStatus] = useState<FeedStatus>('idle');
  const [hasMore, setHasMore] = useState(false);
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreFailed, setMoreFailed] = useState(false);
  // Refs mirror what the async loaders read, so two triggers in one tick cannot fetch the same page twice.
  const busy = useRef(false);
  const postsRef = useRef(posts);
  postsRef.current = posts;
  const abort = useRef<AbortController | null>(null);

  useEffect(() => () => abort.current?.abort(), []);

  const loadFirst = useCallback(async () => {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    busy.current = true;
    setStatus('loading');
    try {
      const page = await api.fetchFeedPage(null, controller.signal);
      if (controller.signal.aborted) return;
      // A page of cards is the screen's biggest render: sliced, so it never blocks input for long.
      startTransition(() => {
        setPosts(page.posts);
        setHasMore(page.hasMore);
        setStatus('ready');
      });
    } catch {
      // Handled: the screen says 'Unable to load posts. Please try again.', so nothing is logged.
      if (controller.signal.aborted) return;
      setStatus('error');
    } finally {
      if (abort.current === controller) busy.current = false;
    }
  }, [api]);

  const loadMore = useCallback(async () => {
    const last = postsRef.current.at(-1);
    if (busy.current || !last) return;
    const controller = new AbortController();
    abort.current = controller;
    busy.current = true;
    setLoadingMore(true);
    setMoreFailed(false);
    try {
      const page = await api.fetchFeedPage(last._id, controller.signal);
      if (controller.signal.aborted) return;
      setPosts((current) => appendNew(current, page.posts));
      setHasMore(page.hasMore);
    } catch (error) {
      if (controller.signal.aborted) return;
      console.error('Failed to load more posts', error);
      setMoreFailed(true);
    } finally {
      if (abort.current === controller) {
        busy.current = false;
        setLoadingMore(false);
      }
    }
  }, [api]);

  const allowRetry = useCallback(() => setMoreFailed(false), []);

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
