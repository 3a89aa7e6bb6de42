import type { ModerationEvent } from '@devcircle/contracts';
import { eventObjectId, LOGS, type EventConsumerSpec } from '@devcircle/service-kit';
import type { ObjectId } from 'mongodb';
import type { AuthContext } from '../context';
import { revokeOlderTokens } from '../tokens/revoke';

/**
 * `auth.moderation`: a moderator suspended an account (issue 20, docs/moderation.md). The account is marked (sign-in
 * then answers "This account is suspended.") and its token version rises with a revocation recorded, which the
 * gateways and the notification sockets follow through their change stream: every session ends at once. A
 * redelivery bumps the version again, which changes nothing for an account that has no valid token left.
 */
export function moderationConsumer(auth: AuthContext): EventConsumerSpec<ModerationEvent<ObjectId>> {
  return {
    name: 'auth.moderation',
    log: LOGS.moderation,
    handle: async (event) => {
      if (event.type !== 'account.suspended') return;
      const userId = eventObjectId(event.ownerId);
      if (!userId) {
        auth.deps.logger.error({ eventId: event._id }, 'account.suspended without a user id; skipped');
        return;
      }
      const account = await auth.accounts.suspend(userId, event.createdAt);
      if (!account) return;
      await revokeOlderTokens(auth.revocations, account);
      auth.deps.logger.info({ userId: userId.toHexString() }, 'account suspended by a moderator');
    },
  };
}
