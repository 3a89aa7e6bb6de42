import { Card, Skeleton } from '@devcircle/ui';
import cardStyles from './ExploreCard.module.css';
import styles from './ExploreCardSkeleton.module.css';

/** A result card's outline while a search runs: avatar, name and handle, bio lines, skills, footer. */
export function ExploreCardSkeleton() {
  return (
    <Card className={cardStyles.card} aria-hidden="true">
      <div className={cardStyles.header}>
        <Skeleton width={40} height={40} radius="var(--radius-full)" />
        <div className={cardStyles.identity}>
          <Skeleton width="60%" height={16} />
          <Skeleton width="40%" height={14} className={styles.handle} />
        </div>
      </div>
      <div className={cardStyles.details}>
        <div>
          <Skeleton height={14} />
          <Skeleton height={14} className={styles.line} />
          <Skeleton width="70%" height={14} className={styles.line} />
        </div>
        <div className={styles.chips}>
          <Skeleton width={56} height={20} radius="var(--radius-full)" />
          <Skeleton width={72} height={20} radius="var(--radius-full)" />
          <Skeleton width={48} height={20} radius="var(--radius-full)" />
        </div>
      </div>
      <div className={cardStyles.footer}>
        <Skeleton width={120} height={14} />
        <Skeleton width={112} height={36} radius="var(--radius-md)" />
      </div>
    </Card>
  );
}
