import { useEffect, useRef } from 'react';
import { Bookmark, RefreshCw, WifiOff } from 'lucide-react';
import { ROUTES } from '@devcircle/contracts';
import { AppLink, Button, EmptyState, Page, Spinner, buttonClassName } from '@devcircle/ui';
import { PostCard } from '@devcircle/ui/post-card';
import { useEndReached } from '../feed/useEndReached';
import { useInfiniteScroll } from '../feed/useInfiniteScroll';
import { useSentinelVisible } from '../feed/useSentinelVisible';
import { BookmarksHeader, BookmarksLoading } from './BookmarksSkeleton';
import { BOOKMARKS_ERROR_MESSAGE, useBookmarks } from './useBookmarks';
import styles from './BookmarksScreen.module.css';

/** /bookmarks: the member's saved posts, the most recently saved first, in the feed's cards and states. */
export function BookmarksScreen() {
  const bookmarks = useBookmarks();
  const { posts, status, hasMore, loadFirst } = bookmarks;
  const sentinelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    void loadFirst();
  }, [loadFirst]);

  // Deleting every listed post while the server has more: start over rather than claim there are none.
  useEffect(() => {
    if (status === 'ready' && posts.length === 0 && hasMore) void loadFirst();
  }, [status, posts.length, hasMore, loadFirst]);

  const listed = status === 'ready' && posts.length > 0;
  const visible = useSentinelVisible(sentinelRef, listed);
  useInfiniteScroll({
    visible,
    hasMore,
    loading: bookmarks.loadingMore,
    failed: bookmarks.moreFailed,
    count: posts.length,
    loadMore: () => void bookmarks.loadMore(),
    allowRetry: bookmarks.allowRetry,
  });
  const endReached = useEndReached(listed && visible && !hasMore);

  return (
    <Page>
      <BookmarksHeader />
      {status === 'loading' && <BookmarksLoading />}

      {status === 'error' && (
        <EmptyState
          role="alert"
          tone="warning"
          icon={<WifiOff size={24} />}
          title={BOOKMARKS_ERROR_MESSAGE}
          action={
            <Button
              variant="secondary"
              icon={<RefreshCw size={16} aria-hidden="true" />}
              onClick={() => void loadFirst()}
            >
              Try again
            </Button>
          }
        />
      )}

      {status === 'ready' && posts.length === 0 && (
        <EmptyState
          icon={<Bookmark size={24} />}
          title="No bookmarks yet"
          message="Save a post with its bookmark button to find it here later."
          action={
            <AppLink to={ROUTES.feed} className={buttonClassName()}>
              Browse the feed
            </AppLink>
          }
        />
      )}

      {listed && (
        <>
          <ul className={styles.list} aria-label="Bookmarked posts">
            {posts.map((post) => (
              <li key={post._id} className={styles.item}>
                <PostCard post={post} onChange={bookmarks.replacePost} onDeleted={bookmarks.removePost} />
              </li>
            ))}
          </ul>
          <div ref={sentinelRef} className={styles.sentinel} data-testid="bookmarks-sentinel" />
          {bookmarks.loadingMore && <Spinner label="Loading more bookmarks" className={styles.more} />}
          {endReached && <p className={styles.end}>That&apos;s everything you saved.</p>}
        </>
      )}
    </Page>
  );
}
