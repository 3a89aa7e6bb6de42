/**
 * `mention`: someone wrote `@you` in a post or a comment you may see (issue 19; `post` is that post). The `report_`
 * types tell a reporter a moderator's decision (issue 20, docs/moderation.md); their sender is the member reported.
 */
export type NotificationType =
  | 'like'
  | 'comment'
  | 'follow'
  | 'mention'
  | 'other'
  | 'report_removed'
  | 'report_suspended'
  | 'report_dismissed';

/** One notification as the list and the socket carry it (product-spec §3 Notification). */
export interface Notification {
  _id: string;
  type: NotificationType;
  /** Null once the sender's account is gone. */
  fromUser: { _id: string; username: string; displayName: string } | null;
  /** The post it is about (likes, comments); null for follows. §3 allows an id or an object with _id. */
  post: string | { _id: string } | null;
  read: boolean;
  createdAt: string;
}

/** How many of a group's actors the groups list names (newest first): "alice, bob and 3 others". */
export const NOTIFICATION_GROUP_ACTORS = 3;

/**
 * The key a notification is grouped by while unread: its type and what it is about, the post for likes, comments
 * and mentions, the recipient ("you") for follows. Any type groups the same way. docs/notifications.md.
 */
export function notificationGroupKey(type: NotificationType, postId: string | null): string {
  return `${type}:${postId ?? 'you'}`;
}

/**
 * Types the server makes at most one notification of per actor and target (a second like or follow is a no-op),
 * so a new one in a group is always a new actor; for the others (comments, mentions) one actor can appear twice.
 */
export const ONE_PER_ACTOR_TYPES: readonly NotificationType[] = ['like', 'follow'];

/**
 * Notifications of one type about one target, as `GET /api/notifications/groups` answers them: "alice and 3 others
 * liked your post". Unread ones of a type and target are one group; "Mark all as read" closes it, and a read group
 * stays as it was grouped (what arrives later starts a new group).
 */
export interface NotificationGroup {
  /** `<type>:<target>` while unread (`notificationGroupKey`); a read group's key adds when it was read. */
  _id: string;
  type: NotificationType;
  /** The post it is about; null for follows. */
  post: string | null;
  /** The latest actors, newest first, at most NOTIFICATION_GROUP_ACTORS; null for an account that is gone. */
  actors: Notification['fromUser'][];
  /** Distinct actors in the group. */
  actorCount: number;
  /** Notifications in the group. */
  count: number;
  read: boolean;
  /** The newest notification's _id: the order, the paging cursor (`before`) and the socket's catch-up point. */
  latestId: string;
  /** When the newest happened. */
  createdAt: string;
}
