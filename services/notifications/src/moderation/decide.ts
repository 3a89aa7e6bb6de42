import type { ModerationAction, ModerationEvent, ReportOutcome } from '@devcircle/contracts';
import {
  badRequest,
  conflict,
  inTransaction,
  LOGS,
  notFound,
  recordEvent,
  type Caller,
} from '@devcircle/service-kit';
import { ObjectId } from 'mongodb';
import type { NotificationsContext } from '../context';
import { notifyReportOutcome } from '../notifications/report-outcome';
import type { ReportDoc } from '../reports/report';
import { isModerator } from './moderators';

export const REPORT_NOT_FOUND = 'Report not found';
export const ALREADY_REVIEWED = 'This report was already reviewed.';
export const PROFILE_NOT_REMOVABLE = 'A profile cannot be removed; suspend the account instead.';
export const MODERATOR_NOT_SUSPENDABLE = 'A moderator cannot be suspended.';

export const DECISION_MESSAGES: Record<ModerationAction, string> = {
  remove: 'Content removed',
  dismiss: 'Report dismissed',
  suspend: 'Account suspended',
};

const OUTCOMES: Record<ModerationAction, ReportOutcome> = {
  remove: 'removed',
  dismiss: 'dismissed',
  suspend: 'suspended',
};

/** What the other services do about a decision (nothing for a dismissal). */
function eventOf(report: ReportDoc, action: ModerationAction): ModerationEvent<ObjectId> | undefined {
  if (action === 'suspend') return { type: 'account.suspended', ownerId: report.ownerId };
  if (action === 'dismiss') return undefined;
  const { target } = report;
  if (target.kind === 'post')
    return { type: 'content.removed', kind: 'post', postId: target.id, ownerId: report.ownerId };
  return {
    type: 'content.removed',
    kind: 'comment',
    postId: target.postId as ObjectId,
    commentId: target.id,
    ownerId: report.ownerId,
  };
}

/**
 * A moderator's decision on a report (docs/moderation.md). It closes every open report of the same content, and
 * records in `moderation_events`, in the same transaction, what the owners of the content do about it: posts
 * deletes the post or comment, auth suspends the account and ends its sessions. Then each reporter is told. A
 * report already closed (another moderator was quicker) is a 409 and changes nothing.
 */
export async function decide(
  ctx: NotificationsContext,
  reportId: ObjectId,
  action: ModerationAction,
  moderator: Caller,
): Promise<number> {
  const report = await ctx.reports.findById(reportId);
  if (!report) throw notFound(REPORT_NOT_FOUND);
  if (report.status !== 'open') throw conflict(ALREADY_REVIEWED);
  if (action === 'remove' && report.target.kind === 'profile') throw badRequest(PROFILE_NOT_REMOVABLE);
  if (action === 'suspend' && isModerator(ctx, report.owner.username))
    throw badRequest(MODERATOR_NOT_SUSPENDABLE);

  const at = new Date();
  const decisionId = new ObjectId();
  const decision = { action, moderatorId: moderator.id, moderatorUsername: moderator.username, at };
  const event = eventOf(report, action);
  let closedReports: ReportDoc[] = [];
  await inTransaction(ctx.deps.database.client, async (session) => {
    closedReports = [];
    const open = await ctx.reports.openOfTarget(report.targetKey, session);
    if (open.length === 0) return;
    await ctx.reports.close(
      open.map((doc) => doc._id),
      decision,
      session,
    );
    if (event) await recordEvent(ctx.deps.db, LOGS.moderation, event, { session });
    closedReports = open;
  });
  if (closedReports.length === 0) throw conflict(ALREADY_REVIEWED);
  await notifyReportOutcome(ctx, closedReports, OUTCOMES[action], decisionId, at);
  return closedReports.length;
}
