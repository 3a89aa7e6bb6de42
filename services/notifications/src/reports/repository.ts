import { isDuplicateKey } from '@devcircle/service-kit';
import type { ClientSession, Collection, Db, ObjectId } from 'mongodb';
import { REPORTS, type ReportDecision, type ReportDoc } from './report';

export async function ensureReportIndexes(db: Db): Promise<void> {
  const reports = db.collection(REPORTS);
  // A member reports a thing once: the second report of the same target is refused (409).
  await reports.createIndex(
    { reporterId: 1, targetKey: 1 },
    { name: 'reports_once_per_reporter', unique: true },
  );
  // The moderators' inbox: open reports, newest first, paged by _id.
  await reports.createIndex({ status: 1, _id: -1 }, { name: 'reports_by_status_newest' });
  // One decision closes every open report of its target.
  await reports.createIndex({ targetKey: 1, status: 1 }, { name: 'reports_by_target' });
  // The hourly limit counts a member's recent reports.
  await reports.createIndex({ reporterId: 1, createdAt: -1 }, { name: 'reports_by_reporter_recent' });
}

export class ReportRepository {
  private readonly reports: Collection<ReportDoc>;

  constructor(db: Db) {
    this.reports = db.collection<ReportDoc>(REPORTS);
  }

  /** False when the reporter had already reported this target (the unique index). */
  async add(doc: ReportDoc): Promise<boolean> {
    try {
      await this.reports.insertOne(doc);
      return true;
    } catch (err) {
      if (isDuplicateKey(err)) return false;
      throw err;
    }
  }

  /** Whether the reporter has a report of this target already, open or closed. */
  async exists(reporterId: ObjectId, targetKey: string): Promise<boolean> {
    return (await this.reports.countDocuments({ reporterId, targetKey }, { limit: 1 })) > 0;
  }

  countSince(reporterId: ObjectId, since: Date): Promise<number> {
    return this.reports.countDocuments({ reporterId, createdAt: { $gte: since } });
  }

  /** Open reports, newest first, older than `before`; one more than `limit` tells whether there are more. */
  openPage(limit: number, before?: ObjectId): Promise<ReportDoc[]> {
    return this.reports
      .find({ status: 'open', ...(before ? { _id: { $lt: before } } : {}) })
      .sort({ _id: -1 })
      .limit(limit + 1)
      .toArray();
  }

  findById(id: ObjectId): Promise<ReportDoc | null> {
    return this.reports.findOne({ _id: id });
  }

  /** The open reports of a target, as they are before a decision (their reporters are told the outcome). */
  openOfTarget(targetKey: string, session?: ClientSession): Promise<ReportDoc[]> {
    return this.reports.find({ targetKey, status: 'open' }, { session }).toArray();
  }

  /** Closes the given open reports with the decision; how many it closed (one already closed is left as it is). */
  async close(ids: ObjectId[], decision: ReportDecision, session?: ClientSession): Promise<number> {
    const result = await this.reports.updateMany(
      { _id: { $in: ids }, status: 'open' },
      { $set: { status: 'closed', decision } },
      { session },
    );
    return result.modifiedCount;
  }

  /**
   * An account deletion (issue 20): the reports it sent go, and the open ones about it (what they name went with the
   * account). Closed reports about it stay as the record of decisions. Uses `reports_by_reporter_recent`; the
   * open ones about it are few, found through the status index.
   */
  async forgetAccount(userId: ObjectId): Promise<void> {
    await this.reports.deleteMany({ reporterId: userId });
    await this.reports.deleteMany({ status: 'open', ownerId: userId });
  }
}
