import type { FollowChanged } from '@devcircle/contracts';
import { eventObjectId, LOGS, type EventConsumerSpec } from '@devcircle/service-kit';
import type { ObjectId } from 'mongodb';
import type { NotificationsContext } from '../context';
import { notify } from '../notifications/notify';
import { actorOf } from './actor';

/**
 * `notifications.follows`: a follow notifies the followed user. An unfollow leaves the notification, and
 * following again does not notify twice: one follow notification per pair.
 */
export function followEventsConsumer(ctx: NotificationsContext): EventConsumerSpec<FollowChanged<ObjectId>> {
  return {
    name: 'notifications.follows',
    log: LOGS.follows,
    handle: async (event) => {
      if (event.type !== 'follow') return;
      const actor = actorOf(event);
      const recipientId = eventObjectId(event.targetId);
      if (!actor || !recipientId) {
        ctx.deps.logger.error({ eventId: event._id }, 'malformed follow event; skipped');
        return;
      }
      await notify(ctx, {
        type: 'follow',
        recipientId,
        actorId: actor.id,
        actorUsername: actor.username,
        postId: null,
        key: `follow:${actor.id.toHexString()}`,
        event,
      });
    },
  };
}
