import { MongoBulkWriteError, type Collection, type Db, type ObjectId } from 'mongodb';
import { groupsPipeline, type GroupRow } from './groups';
import { NOTIFICATIONS, type NotificationDoc } from './notification';

/** Notifications are kept this long, read or not (the `createdAt` TTL). */
export const KEEP_DAYS = 90;
/** What "Delete all" removed stays hidden this long before it is purged: far past any redelivery. */
export const REMOVED_KEEP_HOURS = 24;
/** The catch-up a reconnecting socket gets, at most. */
export const CATCH_UP_LIMIT = 50;

/** When something hidden is purged. */
const purgeTime = (now: Date): Date => new Date(now.getTime() + REMOVED_KEEP_HOURS * 60 * 60 * 1000);

export async function ensureNotificationIndexes(db: Db): Promise<void> {
  await db.collection(NOTIFICATIONS).createIndexes([
    { key: { userId: 1, key: 1 }, name: 'recipient_key', unique: true },
    // The list, the catch-up and "mark all read": one recipient's visible notifications by arrival.
    { key: { userId: 1, removed: 1, _id: -1 }, name: 'inbox_newest' },
    // An account deletion removes what that account caused; a post deletion what was about the post.
    { key: { fromUserId: 1 }, name: 'sender' },
    { key: { postId: 1 }, name: 'post' },
    { key: { createdAt: 1 }, name: 'expire_old', expireAfterSeconds: KEEP_DAYS * 24 * 60 * 60 },
    { key: { purgeAt: 1 }, name: 'purge_removed', expireAfterSeconds: 0 },
  ]);
}

/** Every access to `notifications`; every read and change is scoped to one recipient. */
export class NotificationRepository {
  private readonly notifications: Collection<NotificationDoc>;

  constructor(db: Db) {
    this.notifications = db.collection<NotificationDoc>(NOTIFICATIONS);
  }

  /**
   * Inserts at once (`ordered: false`: one refused does not stop the others) and answers which were inserted;
   * one whose recipient already has its key (a redelivery, another instance, a repeat) is a no-op. Any other failure is
   * answered too, after the inserted ones, so what was inserted is still known.
   */
  async insertNew(docs: NotificationDoc[]): Promise<{ inserted: NotificationDoc[]; failure?: unknown }> {
    if (docs.length === 0) return { inserted: [] };
    try {
      await this.notifications.insertMany(docs, { ordered: false });
      return { inserted: docs };
    } catch (err) {
      // Without a bulk answer, nothing tells which (if any) were inserted.
      if (!(err instanceof MongoBulkWriteError)) return { inserted: [], failure: err };
      const refused = err.result.getWriteErrors();
      const skipped = new Set(refused.map((writeError) => writeError.index));
      const inserted = docs.filter((_doc, index) => !skipped.has(index));
      const failed =
        err.result.getWriteConcernError() !== undefined ||
        refused.some((writeError) => writeError.code !== 11000);
      return failed ? { inserted, failure: err } : { inserted };
    }
  }

  /** Newest first, older than `before` when given. */
  page(userId: ObjectId, limit: number, before?: ObjectId): Promise<NotificationDoc[]> {
    return this.notifications
      .find({ userId, removed: false, ...(before ? { _id: { $lt: before } } : {}) })
      .sort({ _id: -1 })
      .limit(limit)
      .toArray();
  }

  /** A page of groups, newest first, older than the group whose newest is `before`: one aggregation (groups.ts). */
  groupPage(userId: ObjectId, limit: number, before?: ObjectId): Promise<GroupRow[]> {
    return this.notifications.aggregate<GroupRow>(groupsPipeline(userId, limit, before)).toArray();
  }

  /** What arrived after `after`, oldest first: a reconnecting socket's catch-up. */
  newerThan(userId: ObjectId, after: ObjectId): Promise<NotificationDoc[]> {
    return this.notifications
      .find({ userId, removed: false, _id: { $gt: after } })
      .sort({ _id: 1 })
      .limit(CATCH_UP_LIMIT)
      .toArray();
  }

  /** The newest visible notification's id: what "all" means at the moment of a mark-all or delete-all. */
  async newestId(userId: ObjectId): Promise<ObjectId | undefined> {
    const [newest] = await this.page(userId, 1);
    return newest?._id;
  }

  /**
   * Marks read what had arrived up to `upTo`; one arriving meanwhile stays unread. `readIn: upTo` keeps the ones
   * read together in their groups (groups.ts).
   */
  async markAllRead(userId: ObjectId, upTo: ObjectId): Promise<number> {
    const result = await this.notifications.updateMany(
      { userId, removed: false, _id: { $lte: upTo }, read: false },
      { $set: { read: true, readIn: upTo } },
    );
    return result.modifiedCount;
  }

  /**
   * Hides what had arrived up to `upTo` at once; the documents stay (keys included) until `purgeAt`, so
   * redeliveries stay no-ops.
   */
  async removeAll(userId: ObjectId, upTo: ObjectId, now = new Date()): Promise<number> {
    const result = await this.notifications.updateMany(
      { userId, removed: false, _id: { $lte: upTo } },
      { $set: { removed: true, purgeAt: purgeTime(now) } },
    );
    return result.modifiedCount;
  }

  /**
   * Hides the notifications `filter` picks (a deleted post's, a deleted comment's) and answers which, by recipient,
   * so their lists can be told. Hidden, then purged like "Delete all", so no redelivery revives one.
   */
  async removeWhere(
    filter: { postId: ObjectId; key?: string } | { userId: ObjectId; key: string },
    now = new Date(),
  ): Promise<Map<string, ObjectId[]>> {
    const found = await this.notifications
      .find({ ...filter, removed: false }, { projection: { _id: 1, userId: 1 } })
      .toArray();
    const byRecipient = new Map<string, ObjectId[]>();
    if (found.length === 0) return byRecipient;
    await this.notifications.updateMany(
      { _id: { $in: found.map((doc) => doc._id) }, removed: false },
      { $set: { removed: true, purgeAt: purgeTime(now) } },
    );
    for (const doc of found) {
      const key = doc.userId.toHexString();
      byRecipient.set(key, [...(byRecipient.get(key) ?? []), doc._id]);
    }
    return byRecipient;
  }

  /** An account deletion: what it received and what it caused. */
  async deleteAccount(userId: ObjectId): Promise<void> {
    await this.notifications.deleteMany({ userId });
    await this.notifications.deleteMany({ fromUserId: userId });
  }
}
