import { useEffect } from 'react';
import { Bookmark, RefreshCw, WifiOff } from 'lucide-react';
import { ROUTES } from '@devcircle/contracts';
import { AppLink, Button, EmptyState, Page, Spinner, buttonClassName } from '@devcircle/ui';
import { PostList, postListStyles as styles } from '../post-list/PostList';
import { useScrollPaging } from '../post-list/useScrollPaging';
import { BookmarksHeader, BookmarksLoading } from './BookmarksSkeleton';
import { BOOKMARKS_ERROR_MESSAGE, useBookmarks } from './useBookmarks';

/** /bookmarks: the member's saved posts, the most recently saved first, in the feed's cards and states. */
export function BookmarksScreen() {
  const bookmarks = useBookmarks();
  const { posts, status, loadFirst } = bookmarks;

  useEffect(() => {
    void loadFirst();
  }, [loadFirst]);

  const { sentinelRef, listed, endReached } = useScrollPaging(bookmarks);

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
          <PostList label="Bookmarked posts" pages={bookmarks} />
          <div ref={sentinelRef} className={styles.sentinel} data-testid="bookmarks-sentinel" />
          {bookmarks.loadingMore && <Spinner label="Loading more bookmarks" className={styles.more} />}
          {endReached && <p className={styles.end}>That&apos;s everything you saved.</p>}
        </>
      )}
    </Page>
  );
}
