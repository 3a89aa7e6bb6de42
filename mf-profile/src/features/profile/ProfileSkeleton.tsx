import { Card, Skeleton, VisuallyHidden } from '@devcircle/ui';
import styles from './ProfileSkeleton.module.css';

/** The profile while it loads, with its geometry: header, about lines, four metrics, the tabs and two posts. */
export function ProfileSkeleton() {
  return (
    <div className={styles.skeleton} aria-busy="true">
      <VisuallyHidden role="status">Loading profile</VisuallyHidden>
      <div className={styles.header} aria-hidden="true">
        <Skeleton width={64} height={64} radius="var(--radius-full)" />
        <div className={styles.identity}>
          <Skeleton width="55%" height={28} />
          <Skeleton width="35%" height={16} />
          <Skeleton width="30%" height={14} />
        </div>
      </div>
      <div className={styles.lines} aria-hidden="true">
        <Skeleton height={16} />
        <Skeleton width="80%" height={16} />
        <div className={styles.tags}>
          <Skeleton width={64} height={26} radius="var(--radius-full)" />
          <Skeleton width={80} height={26} radius="var(--radius-full)" />
          <Skeleton width={56} height={26} radius="var(--radius-full)" />
        </div>
      </div>
      <div className={styles.metrics} aria-hidden="true">
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} height={68} radius="var(--radius-md)" />
        ))}
      </div>
      <div className={styles.tabs} aria-hidden="true">
        <Skeleton width={72} height={20} />
        <Skeleton width={72} height={20} />
        <Skeleton width={72} height={20} />
      </div>
      {Array.from({ length: 2 }, (_, index) => (
        <Card key={index} aria-hidden="true">
          <div className={styles.postHeader}>
            <Skeleton width={32} height={32} radius="var(--radius-full)" />
            <Skeleton width="40%" height={16} />
          </div>
          <Skeleton height={16} />
          <Skeleton width="60%" height={16} />
        </Card>
      ))}
    </div>
  );
}
