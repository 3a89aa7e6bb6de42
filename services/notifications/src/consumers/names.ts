import { eventObjectId } from '@devcircle/service-kit';
import type { EventConsumerSpec } from '@devcircle/service-kit';
import type { NotificationsContext } from '../context';

/**
 * The `people` projection: names from `account.registered` (auth) and `profile.updated` (users), the newest
 * event winning, so notifications show the sender's current name.
 */
export function namesConsumers(ctx: NotificationsContext): EventConsumerSpec[] {
  const apply =
    (eventType: string): EventConsumerSpec['handle'] =>
    async (event) => {
      if (event.type !== eventType) return;
      const userId = eventObjectId(event.userId);
      const { username, displayName } = event;
      if (!userId || typeof username !== 'string' || username === '') {
        ctx.deps.logger.error({ eventId: event._id }, `${eventType} without a user id or username; skipped`);
        return;
      }
      await ctx.people.setNames(
        userId,
        username,
        typeof displayName === 'string' ? displayName : '',
        event._id,
      );
    };
  return [
    { name: 'notifications.accounts', log: 'account_events', handle: apply('account.registered') },
    { name: 'notifications.names', log: 'profile_events', handle: apply('profile.updated') },
  ];
}
