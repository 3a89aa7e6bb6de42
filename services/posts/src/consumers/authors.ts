import type { ProfileUpdated } from '@devcircle/contracts';
import { eventObjectId, LOGS, type EventConsumerSpec } from '@devcircle/service-kit';
import type { ObjectId } from 'mongodb';
import type { PostsContext } from '../context';
import { syncAuthorPrivacy } from '../privacy/sync';

/**
 * `posts.authors`: the names shown with posts and comments follow the users service's profile edits, the
 * same write as `PUT /internal/authors/:userId`, and so does the author's privacy, which is then copied to
 * every post of theirs (`authorPrivate`, what the feed filters on). Idempotent, and an older event handled
 * after a newer one (redelivery, the look-back) leaves the newer values.
 */
export function authorsConsumer(app: PostsContext): EventConsumerSpec<ProfileUpdated<ObjectId>> {
  return {
    name: 'posts.authors',
    log: LOGS.profiles,
    handle: async (event) => {
      if (event.type !== 'profile.updated') return;
      const userId = eventObjectId(event.userId);
      const { username, displayName, isPrivate } = event;
      if (!userId || typeof username !== 'string' || username === '') {
        // Retrying cannot repair it, and holding it would stop every later profile edit.
        app.deps.logger.error(
          { eventId: event._id },
          'profile.updated without a user id or username; skipped',
        );
        return;
      }
      await app.authors.setFromEvent(
        userId,
        {
          username,
          displayName: typeof displayName === 'string' ? displayName : '',
          isPrivate: typeof isPrivate === 'boolean' ? isPrivate : undefined,
        },
        event._id,
      );
      // Also when this event was older than the stored one: the posts get the projection's value, not the
      // event's, so this only repairs.
      if (typeof isPrivate === 'boolean') await syncAuthorPrivacy(app, userId);
      // Names on cards, privacy in the window: dropped here once this instance has applied the event, so a post
      // gone private is never read from this instance's cache after its own database reads hide it.
      app.cache.clear();
    },
  };
}
