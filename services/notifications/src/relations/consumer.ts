import type { RelationChanged } from '@devcircle/contracts';
import { eventObjectId, LOGS, type EventConsumerSpec } from '@devcircle/service-kit';
import type { ObjectId } from 'mongodb';
import type { NotificationsContext } from '../context';
import { recordSignal } from '../events/signals';

/**
 * `notifications.relations`: blocks and mutes from `relation_events` (docs/safety.md). Kept for the filter where
 * notifications are made (notify.ts); a block or a mute also hides what the owner had already received from that
 * member, read or not, from their list and unread count and from their open tabs (a `removed` signal), as a
 * deleted comment's notification goes. Taking it back does not bring those back.
 */
export function relationsConsumer(ctx: NotificationsContext): EventConsumerSpec<RelationChanged<ObjectId>> {
  return {
    name: 'notifications.relations',
    log: LOGS.relations,
    handle: async (event) => {
      const ownerId = eventObjectId(event.ownerId);
      const targetId = eventObjectId(event.targetId);
      if (!ownerId || !targetId) {
        ctx.deps.logger.error({ eventId: event._id }, `${event.type} without owner or target id; skipped`);
        return;
      }
      const kind = event.type === 'block' || event.type === 'unblock' ? 'block' : 'mute';
      const active = event.type === 'block' || event.type === 'mute';
      await ctx.relations.apply(ownerId, targetId, kind, active, event._id);
      if (!active) return;
      const removed = await ctx.notifications.removeWhere({ userId: ownerId, fromUserId: targetId });
      // Only the owner's notifications were picked, so every one removed is theirs.
      for (const ids of removed.values())
        await recordSignal(ctx.deps.db, { type: 'removed', userId: ownerId, ids });
    },
  };
}
