import { useEffect, useRef } from 'react';
import { useEndReached } from '../feed/useEndReached';
import { useInfiniteScroll } from '../feed/useInfiniteScroll';
import { useSentinelVisible } from '../feed/useSentinelVisible';
import type { PostPages } from './usePostPages';

/**
 * Infinite scroll over `pages` (the feed and Bookmarks): the next page when the sentinel under the list shows,
 * `endReached` once the last page has been seen, and a fresh start when every listed post was deleted while the
 * server has more (rather than claiming the list is empty).
 */
export function useScrollPaging(pages: PostPages) {
  const { posts, status, hasMore, loadFirst } = pages;
  const sentinelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (status === 'ready' && posts.length === 0 && hasMore) void loadFirst();
  }, [status, posts.length, hasMore, loadFirst]);

  const listed = status === 'ready' && posts.length > 0;
  const visible = useSentinelVisible(sentinelRef, listed);
  useInfiniteScroll({
    visible,
    hasMore,
    loading: pages.loadingMore,
    failed: pages.moreFailed,
    count: posts.length,
    loadMore: () => void pages.loadMore(),
    allowRetry: pages.allowRetry,
  });
  const endReached = useEndReached(listed && visible && !hasMore);
  return { sentinelRef, listed, endReached };
}
