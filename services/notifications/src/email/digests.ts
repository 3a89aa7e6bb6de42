import { randomBytes } from 'node:crypto';
import type { EmailKind } from '@devcircle/contracts';
import type { Collection, Db, ObjectId } from 'mongodb';

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
      const windowEnd = doc.lastSentAt ? doc.lastSentAt.getTime() + this.windowMs : 0;
      const dueAt = new Date(Math.max(now.getTime(), windowEnd));
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
