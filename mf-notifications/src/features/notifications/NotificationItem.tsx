import type { AppNotificationGroup } from '@devcircle/sdk';
import { AppLink, Avatar, VisuallyHidden, cx, formatDate, formatRelativeTime } from '@devcircle/ui';
import { ActorNames, nameOf, UNKNOWN_SENDER } from './actorNames';
import { notificationKind } from './notificationKinds';
import { notificationTarget } from './notificationTarget';
import styles from './NotificationItem.module.css';

export interface NotificationItemProps {
  group: AppNotificationGroup;
  /** The signed-in member's username: where a group of follows leads (their followers list). */
  me: string | null;
  /** The time the relative times are measured from (ticks, so 'Just now' becomes '1h ago'). */
  now: Date;
}

/**
 * One group of notifications (issue 19): the type's icon on the newest actor's avatar, 'Bea and 2 others liked
 * your post', when the newest happened, and for unread ones a dot on a highlighted row. The whole row links to
 * the post, the follower's profile or, for several followers, the followers list.
 */
export function NotificationItem({ group, me, now }: NotificationItemProps) {
  const { Icon, label, tone, action, lead } = notificationKind(group.type);
  const newest = group.actors[0] ?? null;
  const target = notificationTarget(group, me);
  const unread = !group.read;

  const content = (
    <>
      <span className={styles.badges}>
        <Avatar name={nameOf(newest)} colorKey={newest?._id ?? UNKNOWN_SENDER} size="lg" />
        <span className={cx(styles.type, styles[tone])} role="img" aria-label={label}>
          <Icon size={13} strokeWidth={2.5} aria-hidden="true" />
        </span>
      </span>
      <span className={styles.body}>
        <span className={styles.text}>
          {lead && `${lead} `}
          <ActorNames group={group} /> {action}
        </span>
        <time className={styles.time} dateTime={group.createdAt} title={formatDate(group.createdAt)}>
          {formatRelativeTime(group.createdAt, now)}
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
