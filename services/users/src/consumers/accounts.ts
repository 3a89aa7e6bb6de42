import type { AccountRegistered } from '@devcircle/contracts';
import { eventObjectId, isDuplicateKey, LOGS, type EventConsumerSpec } from '@devcircle/service-kit';
import type { ObjectId } from 'mongodb';
import type { UsersContext } from '../context';
import { accountDeleted } from '../deletion/delete-account';

function toDate(value: unknown): Date | undefined {
  if (value instanceof Date) return value;
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/**
 * `users.accounts`: a profile for every account auth registers. Idempotent (an insert-only upsert keyed by the
 * account id), so redelivery changes nothing; an account whose deletion is already recorded gets none (the
 * event re-read in the look-back window after the account was deleted).
 */
export function accountsConsumer(app: UsersContext): EventConsumerSpec<AccountRegistered<ObjectId>> {
  return {
    name: 'users.accounts',
    log: LOGS.accounts,
    handle: async (event) => {
      if (event.type !== 'account.registered') return;
      const userId = eventObjectId(event.userId);
      const { username, displayName } = event;
      if (!userId || typeof username !== 'string' || username === '') {
        app.deps.logger.error({ eventId: event._id }, 'account.registered without a user id or username');
        return;
      }
      if (await accountDeleted(app, userId)) return;
      try {
        await app.profiles.createIfMissing({
          _id: userId,
          username,
          displayName: typeof displayName === 'string' ? displayName : undefined,
          createdAt: toDate(event.createdAt),
        });
      } catch (err) {
        if (!isDuplicateKey(err)) throw err;
        // The username belongs to another profile (one whose deletion did not finish). Retrying cannot help
        // and would hold up every later registration, so it is logged and skipped.
        app.deps.logger.error({ eventId: event._id, userId, username }, 'username held by another profile');
      }
    },
  };
}
