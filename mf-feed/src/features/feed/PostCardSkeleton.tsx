import { Card, Skeleton } from '@devcircle/ui';
import styles from './PostCardSkeleton.module.css';

/** A loading card with the post card's geometry: author line, three text lines, the action row. */
export function PostCardSkeleton() {
  return (
    <Card padding="none" className={styles.card} aria-hidden="true">
      <div className={styles.header}>
        <Skeleton width={40} height={40} radius="var(--radius-full)" />
        <div className={styles.meta}>
          <Skeleton width="40%" height={16} />
          <Skeleton width="30%" height={14} />
        </div>
      </div>
      <div className={styles.lines}>
        <Skeleton height={16} />
        <Skeleton height={16} />
        <Skeleton width="60%" height={16} />
      </div>
      <div className={styles.actions}>
        <Skeleton width={64} height={28} />
        <Skeleton width={112} height={28} />
        <Skeleton width={72} height={28} />
      </div>
    </Card>
  );
}
