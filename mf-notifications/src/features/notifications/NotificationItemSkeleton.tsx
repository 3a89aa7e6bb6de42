import { Skeleton } from '@devcircle/ui';
import itemStyles from './NotificationItem.module.css';
import styles from './NotificationItemSkeleton.module.css';

/** A row's outline while the list loads: the avatar, a line of text and the time under it. */
export function NotificationItemSkeleton() {
  return (
    <div className={itemStyles.item} aria-hidden="true">
      <Skeleton width={40} height={40} radius="var(--radius-full)" />
      <span className={itemStyles.body}>
        <Skeleton width="70%" height={16} className={styles.line} />
        <Skeleton width={64} height={14} className={styles.line} />
      </span>
    </div>
  );
}
