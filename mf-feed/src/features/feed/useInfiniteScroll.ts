import { useEffect } from 'react';

export interface InfiniteScrollOptions {
  visible: boolean;
  hasMore: boolean;
  loading: boolean;
  /** The last page failed: no retry until the sentinel has left the view and come back (the user scrolls). */
  failed: boolean;
  /** Grows after each page, so a sentinel still in view after a short page asks for the next one. */
  count: number;
  loadMore(): void;
  allowRetry(): void;
}

/** Loads the next page while the sentinel is visible, there is more, nothing is loading and nothing just failed. */
export function useInfiniteScroll({
  visible,
  hasMore,
  loading,
  failed,
  count,
  loadMore,
  allowRetry,
}: InfiniteScrollOptions) {
  useEffect(() => {
    if (!visible && failed) allowRetry();
  }, [visible, failed, allowRetry]);

  useEffect(() => {
    if (visible && hasMore && !loading && !failed) loadMore();
  }, [visible, hasMore, loading, failed, count, loadMore]);
}
