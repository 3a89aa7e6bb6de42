import { Bell, Plus } from 'lucide-react';
import { ROUTES } from '@devcircle/contracts';
import { useUnread } from '@devcircle/sdk/react';
import { AppLink, buttonClassName, cx } from '@devcircle/ui';
import styles from './FeedHeader.module.css';

/** The 'Feed' heading, the Create link (desktop) and the notifications bell (phones; a dot when unread). */
export function FeedHeader() {
  const unread = useUnread();
  return (
    <header className={styles.header}>
      <h1 className={styles.title}>Feed</h1>
      <AppLink to={ROUTES.createPost} className={cx(buttonClassName({ size: 'sm' }), styles.create)}>
        <Plus size={16} aria-hidden="true" />
        Create
      </AppLink>
      <AppLink
        to={ROUTES.notifications}
        className={cx(styles.bell, unread && styles.unread)}
        aria-label={unread ? 'Notifications, unread' : 'Notifications'}
      >
        <Bell size={20} aria-hidden="true" />
        {unread && <span className={styles.dot} aria-hidden="true" />}
      </AppLink>
    </header>
  );
}
