import type { EventConsumerSpec, ServiceDeps } from '@devcircle/service-kit';
import { ObjectId } from 'mongodb';
import { BUG_REPORTS } from '../bug-reports/repository';

/**
 * A deleted account leaves no personal data here: its bug reports stay for triage but lose the reporter
 * (`account.deleted` in the users service's `user_events`, docs/events.md). Idempotent: a redelivery finds
 * nothing left to change.
 */
export function accountDeletionConsumer({ db, logger }: ServiceDeps): EventConsumerSpec {
  return {
    name: 'notifications.account-deletion',
    log: 'user_events',
    handle: async (event) => {
      if (event.type !== 'account.deleted') return;
      // Reports keep the reporter's id as the identity header carried it: a hex string.
      const raw = event.userId;
      const userId = raw instanceof ObjectId ? raw.toHexString() : typeof raw === 'string' ? raw : undefined;
      if (!userId) {
        logger.warn({ eventId: event._id.toHexString() }, 'account.deleted without a userId; skipped');
        return;
      }
      await db.collection(BUG_REPORTS).updateMany({ 'reporter.id': userId }, { $set: { reporter: null } });
    },
  };
}
