import type { RelationChanged } from '@devcircle/contracts';
import { eventObjectId, LOGS, type EventConsumerSpec } from '@devcircle/service-kit';
import type { ObjectId } from 'mongodb';
import type { PostsContext } from '../context';

/**
 * `posts.relations`: blocks and mutes from `relation_events`, kept per reader in `hidden_authors` (docs/safety.md).
 * A block hides each of the two from the other; a mute hides the muted member from the muter only. Idempotent and
 * order-safe: each document keeps the `_id` of the last event applied to it.
 */
export function relationsConsumer(app: PostsContext): EventConsumerSpec<RelationChanged<ObjectId>> {
  return {
    name: 'posts.relations',
    log: LOGS.relations,
    handle: async (event) => {
      const ownerId = eventObjectId(event.ownerId);
      const targetId = eventObjectId(event.targetId);
      if (!ownerId || !targetId) {
        app.deps.logger.error({ eventId: event._id }, `${event.type} without owner or target id; skipped`);
        return;
      }
      const active = event.type === 'block' || event.type === 'mute';
      if (event.type === 'block' || event.type === 'unblock') {
        await app.hidden.apply(ownerId, targetId, 'block', active, event._id);
        await app.hidden.apply(targetId, ownerId, 'blocked-by', active, event._id);
      } else if (event.type === 'mute' || event.type === 'unmute') {
        await app.hidden.apply(ownerId, targetId, 'mute', active, event._id);
      }
      // Both hidden sets, once this instance applied the event (docs/caching.md "Per reader").
      app.cache.readers.readerChanged(ownerId);
      app.cache.readers.readerChanged(targetId);
    },
  };
}
