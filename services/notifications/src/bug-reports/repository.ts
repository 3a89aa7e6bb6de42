import type { ModerationBugReport } from '@devcircle/contracts';
import { ObjectId, type Collection, type Db } from 'mongodb';

export const BUG_REPORTS = 'bug_reports';

export interface Reporter {
  id: string;
  username: string;
}

export interface BugReport {
  _id: ObjectId;
  bug: string;
  createdAt: Date;
  /** The browser that sent it, to help reproduce; null when none was sent. */
  userAgent: string | null;
  /** Who reported it when they were signed in; reports from visitors are anonymous. */
  reporter: Reporter | null;
}

export async function ensureBugReportIndexes(db: Db): Promise<void> {
  // Whoever triages reads the newest first.
  await db.collection(BUG_REPORTS).createIndex({ createdAt: -1 }, { name: 'bug_reports_newest' });
  // An account deletion finds that account's reports without a scan.
  await db
    .collection(BUG_REPORTS)
    .createIndex({ 'reporter.id': 1 }, { name: 'bug_reports_reporter', sparse: true });
}

export class BugReportRepository {
  private readonly reports: Collection<BugReport>;

  constructor(db: Db) {
    this.reports = db.collection<BugReport>(BUG_REPORTS);
  }

  async add(report: Omit<BugReport, '_id' | 'createdAt'>): Promise<BugReport> {
    const doc: BugReport = { _id: new ObjectId(), createdAt: new Date(), ...report };
    await this.reports.insertOne(doc);
    return doc;
  }

  /** The moderation screen's list (issue 20): newest first, older than `before`, one more than `limit`. */
  page(limit: number, before?: ObjectId): Promise<BugReport[]> {
    return this.reports
      .find(before ? { _id: { $lt: before } } : {})
      .sort({ _id: -1 })
      .limit(limit + 1)
      .toArray();
  }

  /** An account deletion: its reports stay for triage, without the reporter. */
  async forgetReporter(userId: ObjectId): Promise<void> {
    // Reports keep the reporter's id as the identity header carried it: a hex string.
    await this.reports.updateMany({ 'reporter.id': userId.toHexString() }, { $set: { reporter: null } });
  }
}

export function toModerationBugReport(report: BugReport): ModerationBugReport {
  return {
    _id: report._id.toHexString(),
    bug: report.bug,
    userAgent: report.userAgent,
    reporter: report.reporter ? { _id: report.reporter.id, username: report.reporter.username } : null,
    createdAt: report.createdAt.toISOString(),
  };
}
