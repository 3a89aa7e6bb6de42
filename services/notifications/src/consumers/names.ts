import type { AccountRegistered, ProfileUpdated } from '@devcircle/contracts';
import { eventObjectId, LOGS, type EventConsumerSpec, type Recorded } from '@devcircle/service-kit';
import type { ObjectId } from 'mongodb';
import type { NotificationsContext } from '../context';

/**
 * The `people` projection: names from `account.registered` (auth) and `profile.updated` (users), the newest
 * event winning, so notifications show the sender's current name.
 */
type NameEvent = AccountRegistered<ObjectId> | ProfileUpdated<ObjectId>;

export function namesConsumers(
  ctx: NotificationsContext,
): [EventConsumerSpec<AccountRegistered<ObjectId>>, EventConsumerSpec<ProfileUpdated<ObjectId>>] {
  const apply =
    (eventType: NameEvent['type']) =>
    async (event: Recorded<NameEvent>): Promise<void> => {
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
    { name: 'notifications.accounts', log: LOGS.accounts, handle: apply('account.registered') },
    { name: 'notifications.names', log: LOGS.profiles, handle: apply('profile.updated') },
  ];
}
