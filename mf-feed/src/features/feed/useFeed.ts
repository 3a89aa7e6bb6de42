import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { feedPagePath, type FeedPage, type FeedScope } from '@devcircle/contracts';
import { useSdk } from '@devcircle/sdk/react';
import {
  FIRST_PAGE_TIMEOUT_MS,
  LATER_PAGE_TIMEOUT_MS,
  usePostsApi,
  type Post,
} from '@devcircle/ui/post-card';

/** What the user sees when the first page fails, whatever the cause (product-spec §8). */
export const FEED_ERROR_MESSAGE = 'Unable to load posts. Please try again.';

export type FeedStatus = 'idle' | 'loading' | 'ready' | 'error';

/** Adds the posts not already listed (a post published meanwhile can shift a page boundary). */
function appendNew(current: Post[], next: Post[]): Post[] {
  const seen = new Set(current.map((post) => post._id));
  return [...current, ...next.filter((post) => !seen.has(post._id))];
}

/**
 * One page of the `scope` feed: everyone's through the posts API the card uses (the spec's path, which the shell
 * prefetches), the following feed's with the same timeouts and messages.
 */
function useFeedPages(scope: FeedScope) {
  const posts = usePostsApi();
  const { api } = useSdk();
  return useCallback(
    (before: string | null, signal: AbortSignal): Promise<FeedPage> =>
      scope === 'everyone'
        ? posts.fetchFeedPage(before, signal)
        : api.get<FeedPage>(feedPagePath(before, scope), {
            timeoutMs: before ? LATER_PAGE_TIMEOUT_MS : FIRST_PAGE_TIMEOUT_MS,
            timeoutMessage: 'Posts fetch timeout',
            fallbackMessage: FEED_ERROR_MESSAGE,
            signal,
          }),
    [scope, posts, api],
  );
}

/**
 * The feed list of `scope`: the first page replaces it, later pages (cursor = the last post's id) append. A
 * load-more failure is only logged and sets `moreFailed`, so the caller waits for the next scroll before retrying.
 * A new scope gives a new `loadFirst`, which the screen calls: the list starts over, and a page of the old scope
 * still on its way is dropped (its request aborted).
 */
export function useFeed(scope: FeedScope = 'everyone') {
  const fetchPage = useFeedPages(scope);
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
    // A page of more that this start aborted (another tab chosen meanwhile) leaves no spinner or failure behind.
    setLoadingMore(false);
    setMoreFailed(false);
    setStatus('loading');
    try {
      const page = await fetchPage(null, controller.signal);
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
  }, [fetchPage]);

  const loadMore = useCallback(async () => {
    const last = postsRef.current.at(-1);
    if (busy.current || !last) return;
    const controller = new AbortController();
    abort.current = controller;
    busy.current = true;
    setLoadingMore(true);
    setMoreFailed(false);
    try {
      const page = await fetchPage(last._id, controller.signal);
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
  }, [fetchPage]);

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
