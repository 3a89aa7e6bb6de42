import type { FollowChanged } from '@devcircle/contracts';
import { eventObjectId, LOGS, type EventConsumerSpec } from '@devcircle/service-kit';
import type { ObjectId } from 'mongodb';
import type { PostsContext } from '../context';

/**
 * `posts.follows`: who follows whom, for showing a private author's posts to their followers. Each pair keeps
 * the last applied event's `_id`, so redelivery and out-of-order handling never undo a newer follow or
 * unfollow.
 */
export function followsConsumer(app: PostsContext): EventConsumerSpec<FollowChanged<ObjectId>> {
  return {
    name: 'posts.follows',
    log: LOGS.follows,
    handle: async (event) => {
      if (event.type !== 'follow' && event.type !== 'unfollow') return;
      // Typed, but written by another process: a malformed event is skipped, not trusted.
      const followerId = eventObjectId(event.actor?._id);
      const followeeId = eventObjectId(event.targetId);
      if (!followerId || !followeeId) {
        // Retrying cannot repair it, and holding it would stop every later follow.
        app.deps.logger.error({ eventId: event._id }, `${event.type} without actor or target id; skipped`);
        return;
      }
      await app.follows.applyEvent(followerId, followeeId, event.type === 'follow', event._id);
      // The follower's follows, once this instance applied the event (docs/caching.md "Per reader").
      app.cache.readers.readerChanged(followerId);
    },
  };
}
