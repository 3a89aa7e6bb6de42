import { notificationGroupKey, type ReportOutcome } from '@devcircle/contracts';
import { ObjectId } from 'mongodb';
import type { NotificationsContext } from '../context';
import type { ReportDoc } from '../reports/report';
import type { NotificationDoc } from './notification';

/**
 * Tells each reporter the decision on what they reported (issue 20): "Your report about Alice was reviewed:
 * content removed". The sender is the member reported, so the list shows their name and avatar; the key is the
 * report's, so a repeated call makes nothing twice. Pushed at once to the reporter's sockets, like any other.
 * Made here rather than through `notifyAll`: no event of another service causes it, and a reporter hears the
 * outcome even about someone they have since muted.
 */
export async function notifyReportOutcome(
  ctx: NotificationsContext,
  reports: ReportDoc[],
  outcome: ReportOutcome,
  decisionId: ObjectId,
  at: Date,
): Promise<void> {
  const type = `report_${outcome}` as const;
  const docs: NotificationDoc[] = reports.map((report) => ({
    _id: new ObjectId(),
    userId: report.reporterId,
    key: `report:${report._id.toHexString()}`,
    type,
    groupKey: notificationGroupKey(type, null),
    fromUserId: report.ownerId,
    fromUser: report.owner,
    postId: null,
    eventId: decisionId,
    read: false,
    head: true,
    createdAt: at,
    removed: false,
  }));
  const { inserted, failure } = await ctx.notifications.insertNew(docs);
  for (const doc of inserted) ctx.registry.deliver(doc);
  await ctx.notifications.settleHeads(inserted);
  if (failure !== undefined) throw failure;
}
