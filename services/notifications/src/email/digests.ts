import { randomBytes } from 'node:crypto';
import type { EmailKind } from '@devcircle/contracts';
import {
  MongoBulkWriteError,
  type AnyBulkWriteOperation,
  type Collection,
  type Db,
  type ObjectId,
} from 'mongodb';

/**
 * One member's next e-mail of one kind. `dueAt` is when it goes (null: nothing waits); an instance that claims it
 * moves `dueAt` to the end of its lease and marks it with its `claim`, so another instance cannot take it while it
 * is being sent, and a sender that dies lets it fall due again when the lease ends. docs/email.md.
 */
export interface DigestDoc {
  /** `<userId>:<kind>` */
  _id: string;
  userId: ObjectId;
  kind: EmailKind;
  dueAt: Date | null;
  /** The oldest notification the next e-mail covers (it covers every one of its kind from there on). */
  fromId: ObjectId | null;
  lastSentAt: Date | null;
  claim: string | null;
}

export const EMAIL_DIGESTS = 'email_digests';

/** How long a claimed digest is held before another instance may take it (a sender that died meanwhile). */
export const CLAIM_LEASE_MS = 2 * 60 * 1000;

export async function ensureDigestIndexes(db: Db): Promise<void> {
  await db.collection(EMAIL_DIGESTS).createIndexes([
    // The next due digest, and "which are due now".
    { key: { dueAt: 1 }, name: 'due' },
    { key: { userId: 1 }, name: 'member' },
  ]);
}

const idOf = (userId: ObjectId, kind: EmailKind) => `${userId.toHexString()}:${kind}`;

/** Every access to `email_digests`. */
export class DigestRepository {
  private readonly digests: Collection<DigestDoc>;

  constructor(
    db: Db,
    private readonly windowMs: number,
  ) {
    this.digests = db.collection<DigestDoc>(EMAIL_DIGESTS);
  }

  /**
   * Something of `kind` (notification `notificationId`) arrived for `userId`: the e-mail is due now if none of
   * its kind went in the last window, else at the window's end; one already due or being sent covers it. Answers
   * when it is due (or null while another instance is sending it: that one looks again when done).
   */
  async schedule(
    userId: ObjectId,
    kind: EmailKind,
    notificationId: ObjectId,
    now = new Date(),
  ): Promise<Date | null> {
    const _id = idOf(userId, kind);
    const doc = await this.digests.findOneAndUpdate(
      { _id },
      { $setOnInsert: { userId, kind, dueAt: null, fromId: null, lastSentAt: null, claim: null } },
      { upsert: true, returnDocument: 'after' },
    );
    if (!doc) return null;
    if (doc.dueAt === null) {
      const dueAt = this.dueAfter(doc.lastSentAt, now);
      const set = await this.digests.updateOne(
        { _id, dueAt: null },
        { $set: { dueAt, fromId: notificationId } },
      );
      if (set.modifiedCount === 1) return dueAt;
    }
    // Already waiting: make sure it covers this one too (ids made on another instance may be older).
    await this.digests.updateOne(
      { _id, claim: null, fromId: { $gt: notificationId } },
      { $set: { fromId: notificationId } },
    );
    const current = await this.digests.findOne({ _id });
    return current?.claim ? null : (current?.dueAt ?? null);
  }

  /**
   * `schedule` for a batch of notifications at once (one per member and kind, the oldest): one read of their
   * digests and one unordered bulkWrite, instead of two to four commands each. Each write is conditional on what
   * the read saw (a digest with nothing waiting: still nothing waiting and the same `lastSentAt`, else the upsert's
   * insert collides with it), so one that another instance changed in between goes through `schedule` after all.
   * Answers when each is due, by `<userId>:<kind>` (null while being sent).
   */
  async scheduleMany(
    items: { userId: ObjectId; kind: EmailKind; notificationId: ObjectId }[],
    now = new Date(),
  ): Promise<Map<string, Date | null>> {
    const dueAt = new Map<string, Date | null>();
    if (items.length === 0) return dueAt;
    const found = await this.digests
      .find({ _id: { $in: items.map((i) => idOf(i.userId, i.kind)) } })
      .toArray();
    const current = new Map(found.map((doc) => [doc._id, doc]));
    const writes: AnyBulkWriteOperation<DigestDoc>[] = items.map(({ userId, kind, notificationId }) => {
      const _id = idOf(userId, kind);
      const doc = current.get(_id);
      if (doc && doc.dueAt !== null) {
        // Already waiting: it covers this one too (ids made on another instance may be older).
        dueAt.set(_id, doc.claim ? null : doc.dueAt);
        return {
          updateOne: {
            filter: { _id, claim: null, fromId: { $gt: notificationId } },
            update: { $set: { fromId: notificationId } },
          },
        };
      }
      const lastSentAt = doc?.lastSentAt ?? null;
      const due = this.dueAfter(lastSentAt, now);
      dueAt.set(_id, due);
      return {
        updateOne: {
          filter: { _id, dueAt: null, lastSentAt },
          update: {
            $set: { dueAt: due, fromId: notificationId },
            $setOnInsert: { userId, kind, claim: null },
          },
          upsert: true,
        },
      };
    });
    let changed: Set<number>;
    try {
      await this.digests.bulkWrite(writes, { ordered: false });
      return dueAt;
    } catch (err) {
      if (!(err instanceof MongoBulkWriteError) || err.result.getWriteConcernError()) throw err;
      const refused = err.result.getWriteErrors();
      if (refused.some((writeError) => writeError.code !== 11000)) throw err;
      changed = new Set(refused.map((writeError) => writeError.index));
    }
    // Changed since the read (another instance scheduled or sent it): as one at a time.
    for (const index of changed) {
      const { userId, kind, notificationId } = items[index];
      dueAt.set(idOf(userId, kind), await this.schedule(userId, kind, notificationId, now));
    }
    return dueAt;
  }

  /** When an e-mail may go: now, unless one went less than a window ago. */
  private dueAfter(lastSentAt: Date | null, now: Date): Date {
    const windowEnd = lastSentAt ? lastSentAt.getTime() + this.windowMs : 0;
    return new Date(Math.max(now.getTime(), windowEnd));
  }

  /** Takes one due digest for this instance, atomically: no two instances get the same one. */
  async claimDue(now = new Date()): Promise<DigestDoc | null> {
    const claim = randomBytes(8).toString('hex');
    return this.digests.findOneAndUpdate(
      { dueAt: { $lte: now } },
      { $set: { dueAt: new Date(now.getTime() + CLAIM_LEASE_MS), claim } },
      { sort: { dueAt: 1 }, returnDocument: 'after' },
    );
  }

  /** The claimed digest is done: `sentAt` when an e-mail went (the window starts again), nothing waits now. */
  async complete(digest: DigestDoc, sentAt: Date | null): Promise<void> {
    await this.digests.updateOne(
      { _id: digest._id, claim: digest.claim },
      { $set: { dueAt: null, fromId: null, claim: null, ...(sentAt ? { lastSentAt: sentAt } : {}) } },
    );
  }

  /** Sending failed: it stays as it was, due again at `retryAt`. */
  async release(digest: DigestDoc, retryAt: Date): Promise<void> {
    await this.digests.updateOne(
      { _id: digest._id, claim: digest.claim },
      { $set: { dueAt: retryAt, claim: null } },
    );
  }

  /** When the next digest falls due, whichever instance scheduled it. */
  async nextDue(): Promise<Date | null> {
    const next = await this.digests.findOne({ dueAt: { $gt: new Date(0) } }, { sort: { dueAt: 1 } });
    return next?.dueAt ?? null;
  }

  async forget(userId: ObjectId): Promise<void> {
    await this.digests.deleteMany({ userId });
  }
}
