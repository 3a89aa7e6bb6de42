import { ObjectId } from 'mongodb';
import type { NotificationDoc } from '../../services/notifications/src/notifications/notification';

/** Someone seeded notifications come from, as the `people` projection holds them. */
export interface SeedSender {
  _id: ObjectId;
  username: string;
  displayName: string;
}

/**
 * A like notification for `userId` from `sender`, as notify.ts makes one (its own `_id` stands in for the event's),
 * for seeding straight into `notifications` with `insertMany`.
 */
export function likeNotification(
  _id: ObjectId,
  userId: ObjectId,
  sender: SeedSender,
  read = false,
): NotificationDoc {
  const postId = new ObjectId();
  return {
    _id,
    userId,
    key: `like:${sender._id.toHexString()}:${postId.toHexString()}`,
    type: 'like',
    fromUserId: sender._id,
    fromUser: { username: sender.username, displayName: sender.displayName },
    postId,
    eventId: _id,
    read,
    createdAt: _id.getTimestamp(),
    removed: false,
  };
}
