import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import type { FeedPage } from '@devcircle/contracts';
import type { Post } from '@devcircle/ui/post-card';

export type PostPagesStatus = 'loading' | 'ready' | 'error';

/** One page of a post list: the first for a null cursor, else the page after the server's `nextCursor`. */
export type FetchPostPage = (cursor: string | null, signal: AbortSignal) => Promise<FeedPage>;

/**
 * A cursor-paged list of post cards (the feed, Bookmarks, a tag): the first page replaces the list, later pages
 * (after the server's `nextCursor`) append the posts not already listed (a post published meanwhile can shift a
 * page boundary). A later page's failure is only logged (`Failed to load more <noun>`) and sets `moreFailed`, so
 * the caller waits for the next scroll or click before retrying. A new `fetchPage` (another feed tab, another
 * tag) gives a new `loadFirst`: the list starts over, and a page still on its way is dropped (its request
 * aborted), as on unmount.
 */
export function usePostPages(fetchPage: FetchPostPage, noun = 'posts') {
  const [posts, setPosts] = useState<Post[]>([]);
  const [status, setStatus] = useState<PostPagesStatus>('loading');
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
      // A page of more that a new start aborted (another tab chosen meanwhile) leaves no spinner or failure behind.
      setLoadingMore(!first);
      setMoreFailed(false);
      if (first) setStatus('loading');
      try {
        const page = await fetchPage(first ? null : cursor.current, controller.signal);
        if (controller.signal.aborted) return;
        cursor.current = page.nextCursor;
        const show = () => {
          setPosts((current) => (first ? page.posts : appendNew(current, page.posts)));
          setHasMore(page.hasMore);
          setStatus('ready');
        };
        // A first page of cards is the screen's biggest render: sliced, so it never blocks input for long.
        if (first) startTransition(show);
        else show();
      } catch (error) {
        if (controller.signal.aborted) return;
        // A first page's failure is the screen's message (product-spec §8), so nothing is logged for it.
        if (first) setStatus('error');
        else {
          console.error(`Failed to load more ${noun}`, error);
          setMoreFailed(true);
        }
      } finally {
        if (abort.current === controller) {
          busy.current = false;
          setLoadingMore(false);
        }
      }
    },
    [fetchPage, noun],
  );

  const loadFirst = useCallback(() => load(true), [load]);
  const loadMore = useCallback(() => load(false), [load]);
  const allowRetry = useCallback(() => setMoreFailed(false), []);

  // A card changed in place (a like, a comment; on Bookmarks an unbookmarked card stays, the control off, so a
  // slip is one tap to undo), or deleted by its author.
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

export type PostPages = ReturnType<typeof usePostPages>;

function appendNew(current: Post[], next: Post[]): Post[] {
  const seen = new Set(current.map((post) => post._id));
  return [...current, ...next.filter((post) => !seen.has(post._id))];
}
