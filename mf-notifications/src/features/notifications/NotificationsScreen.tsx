import { BellOff } from 'lucide-react';
import { ROUTES } from '@devcircle/contracts';
import { AppLink, EmptyState, Page, VisuallyHidden, buttonClassName, cardClassName, cx } from '@devcircle/ui';
import { NotificationItemSkeleton } from './NotificationItemSkeleton';
import { NotificationList } from './NotificationList';
import { NotificationsHeader } from './NotificationsHeader';
import { useNotificationsScreen } from './useNotificationsScreen';
import listStyles from './NotificationList.module.css';
import styles from './NotificationsScreen.module.css';

const SKELETON_COUNT = 5;

/**
 * /notifications (product-spec §2): who liked, commented on, mentioned or followed, newest first, grouped by type
 * and target ("Bea and 2 others liked your post", issue 19), with the list actions.
 */
export function NotificationsScreen() {
  const screen = useNotificationsScreen();
  return (
    <Page className={styles.page}>
      <NotificationsHeader
        anyUnread={screen.anyUnread}
        anyListed={screen.groups.length > 0}
        pending={screen.pending}
        onMarkAllRead={screen.markAllRead}
        onDeleteAll={screen.deleteAll}
      />

      {screen.showSkeleton && (
        <div
          className={cx(cardClassName({ padding: 'none', stack: false }), listStyles.list)}
          aria-busy="true"
        >
          <VisuallyHidden role="status">Loading notifications</VisuallyHidden>
          {Array.from({ length: SKELETON_COUNT }, (_, index) => (
            <div key={index} className={listStyles.item}>
              <NotificationItemSkeleton />
            </div>
          ))}
        </div>
      )}

      {screen.empty && (
        <EmptyState
          icon={<BellOff size={24} />}
          title="No notifications yet."
          message="When developers like or comment on your posts, or follow you, you will see it here."
          action={
            <AppLink to={ROUTES.explore} className={buttonClassName()}>
              Explore developers
            </AppLink>
          }
        />
      )}

      {screen.groups.length > 0 && (
        <NotificationList
          groups={screen.groups}
          me={screen.me}
          hasMore={screen.hasMore}
          loadingMore={screen.loadingMore}
          onLoadMore={screen.loadMore}
        />
      )}
    </Page>
  );
}
