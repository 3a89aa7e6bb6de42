import type { FollowList } from '@devcircle/contracts';
import { Card, Skeleton, VisuallyHidden } from '@devcircle/ui';
import styles from './FollowListScreen.module.css';
import rowStyles from './FollowRow.module.css';

/** Rows with a list row's geometry while the list loads. */
export function FollowListSkeleton({ list }: { list: FollowList }) {
  return (
    <Card padding="none" stack={false} className={styles.list} aria-busy="true">
      <VisuallyHidden role="status">{`Loading ${list}`}</VisuallyHidden>
      {Array.from({ length: 5 }, (_, index) => (
        <div key={index} className={rowStyles.row} aria-hidden="true">
          <div className={rowStyles.person}>
            <Skeleton width={40} height={40} radius="var(--radius-full)" />
            <span className={styles.skeletonNames}>
              <Skeleton width="45%" height={16} />
              <Skeleton width="30%" height={14} />
            </span>
          </div>
          <Skeleton width={44} height={44} radius="var(--radius-md)" />
        </div>
      ))}
    </Card>
  );
}
