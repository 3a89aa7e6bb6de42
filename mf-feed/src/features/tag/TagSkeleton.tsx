import { Page, VisuallyHidden } from '@devcircle/ui';
import { PostCardSkeleton } from '../feed/PostCardSkeleton';
import styles from './TagScreen.module.css';

const SKELETON_COUNT = 3;

export function TagHeader({ tag }: { tag: string }) {
  return (
    <header className={styles.header}>
      <h1 className={styles.title}>#{tag}</h1>
      <p className={styles.hint}>Posts with this tag, newest first.</p>
    </header>
  );
}

/** Loading cards with the post card's geometry, as the feed shows them. */
export function TagLoading() {
  return (
    <div className={styles.list} aria-busy="true">
      <VisuallyHidden role="status">Loading posts</VisuallyHidden>
      {Array.from({ length: SKELETON_COUNT }, (_, index) => (
        <PostCardSkeleton key={index} />
      ))}
    </div>
  );
}

/** /tags/:tag while the screen's code loads. */
export function TagSkeleton({ tag }: { tag: string }) {
  return (
    <Page>
      <TagHeader tag={tag} />
      <TagLoading />
    </Page>
  );
}
