import type { ReactNode } from 'react';
import { VisuallyHidden } from '@devcircle/ui';
import { PostCard } from '@devcircle/ui/post-card';
import { PostCardSkeleton } from '../feed/PostCardSkeleton';
import type { PostPages } from './usePostPages';
import styles from './PostList.module.css';

export { styles as postListStyles };

const SKELETON_COUNT = 3;

/** A screen's title and the line under it (Bookmarks, a tag). */
export function ListHeader({ title, hint }: { title: ReactNode; hint: string }) {
  return (
    <header className={styles.header}>
      <h1 className={styles.title}>{title}</h1>
      <p className={styles.hint}>{hint}</p>
    </header>
  );
}

/** Loading cards with the post card's geometry, announced as `label`. */
export function PostListLoading({ label }: { label: string }) {
  return (
    <div className={styles.list} aria-busy="true">
      <VisuallyHidden role="status">{label}</VisuallyHidden>
      {Array.from({ length: SKELETON_COUNT }, (_, index) => (
        <PostCardSkeleton key={index} />
      ))}
    </div>
  );
}

/** The listed posts' cards; a card's change or deletion goes back to `pages`. */
export function PostList({ label, pages }: { label: string; pages: PostPages }) {
  return (
    <ul className={styles.list} aria-label={label}>
      {pages.posts.map((post) => (
        <li key={post._id} className={styles.item}>
          <PostCard post={post} onChange={pages.replacePost} onDeleted={pages.removePost} />
        </li>
      ))}
    </ul>
  );
}
