import type { FollowChanged } from '@devcircle/contracts';
import { eventObjectId, LOGS, type EventConsumerSpec, type Recorded } from '@devcircle/service-kit';
import type { ObjectId } from 'mongodb';
import type { NotificationsContext } from '../context';
import { prepareNotifications, type Happening } from '../notifications/notify';
import { actorOf } from './actor';

/**
 * `notifications.follows`: a follow notifies the followed user. An unfollow leaves the notification, and
 * following again does not notify twice: one follow notification per pair. A batch makes its notifications with
 * one lookup and one insert (`prepareNotifications`), its lookup while the previous batch's insert runs.
 */
export function followEventsConsumer(ctx: NotificationsContext): EventConsumerSpec<FollowChanged<ObjectId>> {
  const prepareBatch = async (events: Recorded<FollowChanged<ObjectId>>[]): Promise<() => Promise<void>> => {
    const happenings: Happening[] = [];
    for (const event of events) {
      if (event.type !== 'follow') continue;
      const actor = actorOf(event);
      const recipientId = eventObjectId(event.targetId);
      if (!actor || !recipientId) {
        ctx.deps.logger.error({ eventId: event._id }, 'malformed follow event; skipped');
        continue;
      }
      happenings.push({
        type: 'follow',
        recipientId,
        actorId: actor.id,
        actorUsername: actor.username,
        postId: null,
        key: `follow:${actor.id.toHexString()}`,
        event,
      });
    }
    return prepareNotifications(ctx, happenings);
  };
  return {
    name: 'notifications.follows',
    log: LOGS.follows,
    handle: async (event) => (await prepareBatch([event]))(),
    prepareBatch,
  };
}
