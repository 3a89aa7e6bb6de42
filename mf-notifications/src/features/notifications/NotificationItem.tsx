import type { AppNotification } from '@devcircle/sdk';
import { AppLink, Avatar, VisuallyHidden, cx, formatDate, formatRelativeTime } from '@devcircle/ui';
import { notificationKind } from './notificationKinds';
import { notificationTarget } from './notificationTarget';
import styles from './NotificationItem.module.css';

/** Shown when the sender's account no longer exists (the contract allows `fromUser: null`). */
const UNKNOWN_SENDER = 'Someone';

export interface NotificationItemProps {
  notification: AppNotification;
  /** The time the relative times are measured from (ticks, so 'Just now' becomes '1h ago'). */
  now: Date;
}

/**
 * One notification: the type's icon on the sender's avatar, '<name> liked your post', when, and for unread
 * ones a dot on a highlighted row. The whole row links to the post or the follower's profile.
 */
export function NotificationItem({ notification, now }: NotificationItemProps) {
  const { Icon, label, tone, action } = notificationKind(notification.type);
  const sender = notification.fromUser;
  const name = sender?.displayName || sender?.username || UNKNOWN_SENDER;
  const target = notificationTarget(notification);
  const unread = !notification.read;

  const content = (
    <>
      <span className={styles.badges}>
        <Avatar name={name} colorKey={sender?._id ?? UNKNOWN_SENDER} size="lg" />
        <span className={cx(styles.type, styles[tone])} role="img" aria-label={label}>
          <Icon size={13} strokeWidth={2.5} aria-hidden="true" />
        </span>
      </span>
      <span className={styles.body}>
        <span className={styles.text}>
          <strong className={styles.name}>{name}</strong> {action}
        </span>
        <time
          className={styles.time}
          dateTime={notification.createdAt}
          title={formatDate(notification.createdAt)}
        >
          {formatRelativeTime(notification.createdAt, now)}
        </time>
      </span>
      {unread && (
        <span className={styles.unread}>
          <span className={styles.dot} aria-hidden="true" />
          <VisuallyHidden>Unread</VisuallyHidden>
        </span>
      )}
    </>
  );

  const className = cx(styles.item, unread && styles.isUnread, target !== null && styles.link);
  return target !== null ? (
    <AppLink to={target} className={className}>
      {content}
    </AppLink>
  ) : (
    <div className={className}>{content}</div>
  );
}
