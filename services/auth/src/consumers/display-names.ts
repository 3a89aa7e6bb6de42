import type { ProfileUpdated } from '@devcircle/contracts';
import { LOGS, type EventConsumerSpec } from '@devcircle/service-kit';
import { ObjectId } from 'mongodb';
import { parseAccountId } from '../accounts/repository';
import type { AuthContext } from '../context';

const userIdOf = (value: unknown): ObjectId | undefined =>
  value instanceof ObjectId ? value : typeof value === 'string' ? parseAccountId(value) : undefined;

/**
 * `auth.display-names`: the display name auth answers (`/api/auth/me`, login, register) follows the users
 * service's profile edits. Idempotent; an older event handled after a newer one changes nothing.
 */
export function displayNamesConsumer(auth: AuthContext): EventConsumerSpec<ProfileUpdated<ObjectId>> {
  return {
    name: 'auth.display-names',
    log: LOGS.profiles,
    handle: async (event) => {
      if (event.type !== 'profile.updated') return;
      const userId = userIdOf(event.userId);
      if (!userId || typeof event.displayName !== 'string') {
        // Retrying cannot repair it, and holding it would stop every later profile edit.
        auth.deps.logger.error(
          { eventId: event._id },
          'profile.updated without a user id or display name; skipped',
        );
        return;
      }
      await auth.accounts.setDisplayName(userId, event.displayName, event._id);
    },
  };
}
