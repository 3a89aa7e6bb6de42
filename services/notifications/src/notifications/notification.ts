import type { Notification, NotificationType } from '@devcircle/contracts';
import type { ObjectId } from 'mongodb';

export const NOTIFICATIONS = 'notifications';

export type { NotificationType };

/** Names as they were when the notification was made; the list shows the current ones (`people`). */
export interface Sender {
  username: string;
  displayName: string;
}

/** One document of `notifications`. `_id` is made at insertion, so it orders by arrival (the list, the push). */
export interface NotificationDoc {
  _id: ObjectId;
  /** Who receives it. */
  userId: ObjectId;
  /**
   * Unique per recipient: what makes a redelivered event, or a second instance handling the same event, a no-op.
   * `like:<actor>:<post>`, `follow:<actor>`, `comment:<comment>`: a like or follow notifies once per pair.
   */
  key: string;
  type: NotificationType;
  /** What it is grouped by while unread: `notificationGroupKey(type, post)` (docs/notifications.md). */
  groupKey?: string;
  fromUserId: ObjectId;
  fromUser: Sender;
  postId: ObjectId | null;
  /** The event it came from. */
  eventId: ObjectId;
  read: boolean;
  /**
   * Set with `read` by "Mark all as read": the newest notification then (its `upTo`). The ones read together keep
   * their group: a read group is (groupKey, readIn). Absent on notifications read before groups existed.
   */
  readIn?: ObjectId;
  /** The newest of its group (groups.ts): a page of groups is a page of heads. */
  head?: boolean;
  /** When it happened (the event's time). */
  createdAt: Date;
  /** Set by "Delete all": hidden at once, purged a day later (`purgeAt`), so no redelivery brings it back. */
  removed: boolean;
  purgeAt?: Date;
}

/**
 * A notification as the API and the socket give it (product-spec §3 Notification): the contract's type, as this
 * service always sends it (the sender's names kept, so never null; the post as its id).
 */
export type NotificationView = Omit<Notification, 'fromUser' | 'post'> & {
  fromUser: NonNullable<Notification['fromUser']>;
  post: string | null;
};

export function toView(doc: NotificationDoc, sender: Sender = doc.fromUser): NotificationView {
  return {
    _id: doc._id.toHexString(),
    type: doc.type,
    fromUser: {
      _id: doc.fromUserId.toHexString(),
      username: sender.username,
      displayName: sender.displayName || sender.username,
    },
    post: doc.postId ? doc.postId.toHexString() : null,
    read: doc.read,
    createdAt: doc.createdAt.toISOString(),
  };
}
