import type { AccountDeleted } from '@devcircle/contracts';
import { eventObjectId, LOGS, type EventConsumerSpec } from '@devcircle/service-kit';
import type { ObjectId } from 'mongodb';
import type { NotificationsContext } from '../context';

/**
 * A deleted account leaves no personal data here: its notifications go, received and caused; its bug reports
 * stay for triage but lose the reporter; the reports it sent go, and so do open ones about it (its content went
 * with it) (`account.deleted` in the users service's `user_events`, docs/events.md). The `people` mark keeps late
 * events from making new ones. Idempotent.
 */
export function accountDeletionConsumer(
  ctx: NotificationsContext,
): EventConsumerSpec<AccountDeleted<ObjectId>> {
  return {
    name: 'notifications.account-deletion',
    log: LOGS.users,
    handle: async (event) => {
      if (event.type !== 'account.deleted') return;
      const userId = eventObjectId(event.userId);
      if (!userId) {
        ctx.deps.logger.warn(
          { eventId: event._id.toHexString() },
          'account.deleted without a userId; skipped',
        );
        return;
      }
      await ctx.people.markDeleted(userId);
      await ctx.notifications.deleteAccount(userId);
      await ctx.relations.removeUser(userId);
      await ctx.bugReports.forgetReporter(userId);
      await ctx.reports.forgetAccount(userId);
      await ctx.email.forget(userId);
    },
  };
}
