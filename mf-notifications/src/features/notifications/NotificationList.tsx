import type { AppNotificationGroup } from '@devcircle/sdk';
import { Button, cardClassName, cx } from '@devcircle/ui';
import { NotificationItem } from './NotificationItem';
import { useNow } from './useNow';
import styles from './NotificationList.module.css';

/** The end marker (product-spec §2). */
export const END_OF_NOTIFICATIONS = '— End of notifications —';

export interface NotificationListProps {
  groups: AppNotificationGroup[];
  /** The signed-in member's username (where a group of follows leads). */
  me: string | null;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore(): void;
}

/**
 * The notification groups, newest first, on one card (one row per group, updated in place by pushes); then 'Load more' while older ones exist, else the end marker.
 * A button rather than a scroll sentinel: the store's load-more failures are silent (§8), and a sentinel still
 * in view would retry a failing page in a loop.
 */
export function NotificationList({ groups, me, hasMore, loadingMore, onLoadMore }: NotificationListProps) {
  const now = useNow();
  return (
    <>
      <ul
        className={cx(cardClassName({ padding: 'none', stack: false }), styles.list)}
        aria-label="Notifications"
      >
        {groups.map((group) => (
          <li key={group._id} className={styles.item}>
            <NotificationItem group={group} me={me} now={now} />
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
