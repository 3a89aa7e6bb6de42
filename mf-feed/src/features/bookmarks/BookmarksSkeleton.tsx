import { Page, VisuallyHidden } from '@devcircle/ui';
import { PostCardSkeleton } from '../feed/PostCardSkeleton';
import styles from './BookmarksScreen.module.css';

const SKELETON_COUNT = 3;

export function BookmarksHeader() {
  return (
    <header className={styles.header}>
      <h1 className={styles.title}>Bookmarks</h1>
      <p className={styles.hint}>Only you can see what you save.</p>
    </header>
  );
}

/** Loading cards with the post card's geometry, as the feed shows them. */
export function BookmarksLoading() {
  return (
    <div className={styles.list} aria-busy="true">
      <VisuallyHidden role="status">Loading bookmarks</VisuallyHidden>
      {Array.from({ length: SKELETON_COUNT }, (_, index) => (
        <PostCardSkeleton key={index} />
      ))}
    </div>
  );
}

/** /bookmarks while the screen's code loads: what the screen shows while its first page loads. */
export function BookmarksSkeleton() {
  return (
    <Page>
      <BookmarksHeader />
      <BookmarksLoading />
    </Page>
  );
}
