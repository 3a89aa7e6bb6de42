import { ROUTES } from '@devcircle/contracts';
import type { AppNotification } from '@devcircle/sdk';

/** The post's id: §3 allows the id itself or an object with `_id`. */
function postId(post: AppNotification['post']): string | null {
  if (post === null || post === undefined) return null;
  return typeof post === 'string' ? post : post._id || null;
}

/**
 * Where a notification leads: likes and comments to the post, follows to the follower's profile. Null when
 * there is nowhere to go (an 'other' notification, or a missing post or sender).
 */
export function notificationTarget(notification: AppNotification): string | null {
  switch (notification.type) {
    case 'like':
    case 'comment': {
      const id = postId(notification.post);
      return id ? ROUTES.post(id) : null;
    }
    case 'follow':
      return notification.fromUser ? ROUTES.profile(notification.fromUser.username) : null;
    default:
      return null;
  }
}
