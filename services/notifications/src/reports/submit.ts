import { REPORTS_PER_HOUR, type ReportRequest, type ReportTargetKind } from '@devcircle/contracts';
import { badRequest, conflict, HttpError, type Caller } from '@devcircle/service-kit';
import { ObjectId } from 'mongodb';
import type { IncomingRequest } from '../clients/content';
import type { NotificationsContext } from '../context';
import { targetKeyOf, type ReportDoc } from './report';

const HOUR_MS = 60 * 60 * 1000;

const NOUN: Record<ReportTargetKind, string> = { post: 'post', comment: 'comment', profile: 'profile' };

export const alreadyReported = (kind: ReportTargetKind) => `You have already reported this ${NOUN[kind]}.`;
export const OWN_CONTENT: Record<ReportTargetKind, string> = {
  post: 'You cannot report your own post.',
  comment: 'You cannot report your own comment.',
  profile: 'You cannot report yourself.',
};
export const TOO_MANY_REPORTS = `You can send at most ${REPORTS_PER_HOUR} reports an hour. Please try again later.`;

/**
 * Records one member's report. Checked here, in this order: the hourly limit (so the limit also caps the calls to
 * other services), what the report names and that the reporter may see it (its owner's service answers as the
 * reporter: what they may not see is its 404), that it is not their own, and that they have not reported it before
 * (the unique index settles two reports sent at once). The content is kept as it is now.
 */
export async function submitReport(
  ctx: NotificationsContext,
  reporter: Caller,
  request: ReportRequest,
  incoming: IncomingRequest,
): Promise<ReportDoc> {
  const now = new Date();
  const recent = await ctx.reports.countSince(reporter.id, new Date(now.getTime() - HOUR_MS));
  if (recent >= REPORTS_PER_HOUR)
    throw new HttpError(429, TOO_MANY_REPORTS, { code: 'RATE_LIMITED', headers: { 'Retry-After': '3600' } });

  const { kind } = request.target;
  if (kind === 'profile' && request.target.username.toLowerCase() === reporter.username.toLowerCase())
    throw badRequest(OWN_CONTENT.profile);
  const found = await ctx.content.reportable(request.target, incoming);
  const ownerId = new ObjectId(found.owner._id);
  if (ownerId.equals(reporter.id)) throw badRequest(OWN_CONTENT[kind]);

  const targetId = new ObjectId(found.id);
  const doc: ReportDoc = {
    _id: new ObjectId(),
    reporterId: reporter.id,
    reporterUsername: reporter.username,
    target: { kind, id: targetId, ...(found.postId ? { postId: new ObjectId(found.postId) } : {}) },
    targetKey: targetKeyOf(kind, targetId),
    ownerId,
    owner: { username: found.owner.username, displayName: found.owner.displayName },
    reason: request.reason,
    details: request.details ? request.details : null,
    content: found.content,
    status: 'open',
    createdAt: now,
  };
  if (!(await ctx.reports.add(doc))) throw conflict(alreadyReported(kind));
  return doc;
}
