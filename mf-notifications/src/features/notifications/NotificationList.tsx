import type { AppNotification } from '@devcircle/sdk';
import { Button, cardClassName, cx } from '@devcircle/ui';
import { NotificationItem } from './NotificationItem';
import { useNow } from './useNow';
import styles from './NotificationList.module.css';

/** The end marker (product-spec §2). */
export const END_OF_NOTIFICATIONS = '— End of notifications —';

export interface NotificationListProps {
  items: AppNotification[];
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore(): void;
}

/**
 * The notifications, newest first, on one card; then 'Load more' while older ones exist, else the end marker.
 * A button rather than a scroll sentinel: the store's load-more failures are silent (§8), and a sentinel still
 * in view would retry a failing page in a loop.
 */
export function NotificationList({ items, hasMore, loadingMore, onLoadMore }: NotificationListProps) {
  const now = useNow();
  return (
    <>
      <ul
        className={cx(cardClassName({ padding: 'none', stack: false }), styles.list)}
        aria-label="Notifications"
      >
        {items.map((notification) => (
          <li key={notification._id} className={styles.item}>
            <NotificationItem notification={notification} now={now} />
          </li>
        ))}
      </ul>
      {hasMore ? (
        <Button variant="secondary" className={styles.more} busy={loadingMore} onClick={onLoadMore}>
          Load more
        </Button>
      ) : (
        <p className={styles.end}>{END_OF_NOTIFICATIONS}</p>
      )}
    </>
  );
}
