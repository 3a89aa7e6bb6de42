import { ROUTES } from '@devcircle/contracts';
import type { AppNotificationGroup } from '@devcircle/sdk';

/**
 * Where a group leads: likes, comments and mentions to the post; one follower to their profile, several to the
 * member's own followers list (`me`: the signed-in username). Null when there is nowhere to go (an 'other' group,
 * or a missing post or follower).
 */
export function notificationTarget(group: AppNotificationGroup, me: string | null): string | null {
  switch (group.type) {
    case 'like':
    case 'comment':
    case 'mention':
      return group.post ? ROUTES.post(group.post) : null;
    case 'follow': {
      if (group.actorCount > 1) return me ? ROUTES.followers(me) : null;
      const follower = group.actors[0];
      return follower ? ROUTES.profile(follower.username) : null;
    }
    default:
      return null;
  }
}
