import type { EventConsumerSpec } from '@devcircle/service-kit';
import type { PostsContext } from '../context';
import { eventObjectId } from '../ids';

export const PROFILE_EVENTS = 'profile_events';

/**
 * `posts.authors`: the names shown with posts and comments follow the users service's profile edits, the
 * same write as `PUT /internal/authors/:userId`. Idempotent, and an older event handled after a newer one
 * (redelivery, the look-back) leaves the newer names.
 */
export function authorsConsumer(app: PostsContext): EventConsumerSpec {
  return {
    name: 'posts.authors',
    log: PROFILE_EVENTS,
    handle: async (event) => {
      if (event.type !== 'profile.updated') return;
      const userId = eventObjectId(event.userId);
      const { username, displayName } = event;
      if (!userId || typeof username !== 'string' || username === '') {
        // Retrying cannot repair it, and holding it would stop every later profile edit.
        app.deps.logger.error(
          { eventId: event._id },
          'profile.updated without a user id or username; skipped',
        );
        return;
      }
      const name = typeof displayName === 'string' ? displayName : '';
      await app.authors.setFromEvent(userId, username, name, event._id);
    },
  };
}
