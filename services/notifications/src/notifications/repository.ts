import { MongoBulkWriteError, type Collection, type Db, type Document, type ObjectId } from 'mongodb';
import { notificationGroupKey } from '@devcircle/contracts';
import { countPipeline, groupFilter, groupIdOf, groupLabel, type GroupId, type GroupRow } from './groups';
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
    // Groups (groups.ts): a page of them is a page of their newest notifications, the heads; a group's
    // notifications are counted (and its head found again) by its key and read mark.
    { key: { userId: 1, head: 1, removed: 1, _id: -1 }, name: 'group_heads' },
    { key: { userId: 1, groupKey: 1, readIn: 1, _id: -1 }, name: 'group_members' },
  ]);
  await groupOlderNotifications(db);
}

/** Where one-off data changes note that they are done. */
const MIGRATIONS = 'notification_migrations';

/**
 * Notifications made before groups existed get their group key and head, once (a mark in
 * `notification_migrations`): the unread ones of a type and post join that group, a read one stands alone.
 */
export async function groupOlderNotifications(db: Db): Promise<void> {
  const done = db.collection<{ _id: string; at: Date }>(MIGRATIONS);
  if (await done.findOne({ _id: 'group-keys' })) return;
  const notifications = db.collection<NotificationDoc>(NOTIFICATIONS);
  for (;;) {
    const older = await notifications
      .find({ groupKey: { $exists: false } })
      .limit(1000)
      .toArray();
    if (older.length === 0) break;
    await notifications.bulkWrite(
      older.map((doc) => ({
        updateOne: {
          filter: { _id: doc._id },
          update: {
            $set: {
              groupKey: notificationGroupKey(doc.type, doc.postId?.toHexString() ?? null),
              head: true,
              ...(doc.read ? { readIn: doc._id } : {}),
            },
          },
        },
      })),
      { ordered: false },
    );
  }
  await done.updateOne({ _id: 'group-keys' }, { $set: { at: new Date() } }, { upsert: true });
}

/** Unread: no `readIn` (`null` matches it absent, as `groupFilter` asks). */
const UNREAD: Document = { readIn: null };

/** An unread group of one member, as a string to compare by. */
const unreadGroupOf = (userId: ObjectId, groupKey: string | undefined): string =>
  `${userId.toHexString()}:${groupLabel({ groupKey: groupKey ?? '', readIn: null })}`;

/** Whether `a` was made before `b` (ObjectIds order by their bytes, as their hex strings do). */
const isOlder = (a: ObjectId, b: ObjectId): boolean => a.toHexString() < b.toHexString();

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

  /**
   * Each notification inserted heads its unread group: the group's older heads stop being heads. Only older ones,
   * so two arriving at once leave the newer one the head whichever settles first.
   *
   * Two commands for a batch, whatever its size (one `updateMany` per notification before: the embedded server
   * compiled and planned each, as much work as the insert itself). The batch's own notifications are known here:
   * in each group only the newest stays a head. The others, inserted before this batch, are read: the unread heads
   * of the batch's recipients made before its oldest notification (index `group_heads`, so the read does not
   * return the batch it follows, and nothing at all for first notifications of their groups, the usual case); a
   * member has one head per group, where an unread group can hold thousands of notifications. Then one update of
   * the older heads, asking again that each is still a head and unread (one read meanwhile keeps its head).
   */
  async settleHeads(docs: NotificationDoc[]): Promise<void> {
    if (docs.length === 0) return;
    const newestOf = new Map<string, ObjectId>();
    const recipients = new Map<string, ObjectId>();
    let oldest = docs[0]._id;
    for (const doc of docs) {
      const label = unreadGroupOf(doc.userId, doc.groupKey);
      const known = newestOf.get(label);
      if (!known || isOlder(known, doc._id)) newestOf.set(label, doc._id);
      recipients.set(doc.userId.toHexString(), doc.userId);
      if (isOlder(doc._id, oldest)) oldest = doc._id;
    }
    const heads = await this.notifications
      .find(
        {
          userId: { $in: [...recipients.values()] },
          head: true,
          // Both values, so that the index bounds `_id` too.
          removed: { $in: [false, true] },
          _id: { $lt: oldest },
          ...UNREAD,
        },
        { projection: { userId: 1, groupKey: 1 }, hint: 'group_heads' },
      )
      .toArray();
    const older = [...heads, ...docs].flatMap((doc) => {
      const newest = newestOf.get(unreadGroupOf(doc.userId, doc.groupKey));
      return newest && isOlder(doc._id, newest) ? [doc._id] : [];
    });
    if (older.length === 0) return;
    await this.notifications.updateMany(
      { _id: { $in: older }, head: true, ...UNREAD },
      { $unset: { head: '' } },
    );
  }

  /**
   * A page of groups, newest first, older than the group whose newest is `before`: the page's heads (index
   * `group_heads`), then one aggregation counting those groups' notifications (groups.ts). A group found with two
   * heads (a crash between an insert and its `settleHeads`) is shown once, and its older head put right.
   */
  async groupPage(userId: ObjectId, limit: number, before?: ObjectId): Promise<GroupRow[]> {
    const heads = await this.notifications
      .find(
        { userId, head: true, removed: false, ...(before ? { _id: { $lt: before } } : {}) },
        { projection: { groupKey: 1, readIn: 1 } },
      )
      .sort({ _id: -1 })
      .limit(limit)
      .toArray();
    const groups = new Map<string, GroupId>();
    const stale: ObjectId[] = [];
    for (const head of heads) {
      const group = groupIdOf(head);
      const label = groupLabel(group);
      if (groups.has(label)) stale.push(head._id);
      else groups.set(label, group);
    }
    if (stale.length > 0)
      await this.notifications.updateMany({ _id: { $in: stale } }, { $unset: { head: '' } });
    if (groups.size === 0) return [];
    const rows = await this.notifications
      .aggregate<GroupRow>(countPipeline(userId, [...groups.values()]))
      .toArray();
    const byLabel = new Map(rows.map((row) => [groupLabel({ groupKey: row._id.k, readIn: row._id.r }), row]));
    return [...groups.keys()].flatMap((label) => byLabel.get(label) ?? []);
  }

  /** Makes the newest visible notification of each group its head (after its head went). */
  private async reHead(userId: ObjectId, groups: GroupId[]): Promise<void> {
    const unique = new Map(groups.map((group) => [groupLabel(group), group]));
    for (const group of unique.values()) {
      const [newest] = await this.notifications
        .find({ ...groupFilter(userId, group), removed: false }, { projection: { head: 1 } })
        .sort({ _id: -1 })
        .limit(1)
        .toArray();
      if (newest && !newest.head)
        await this.notifications.updateOne({ _id: newest._id }, { $set: { head: true } });
    }
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
    // One that arrived between `upTo` and this update heads its unread group; the ones read beside it need a
    // head of their own (rare: none is found otherwise).
    const newer = await this.notifications
      .find(
        { userId, head: true, removed: false, readIn: { $exists: false }, _id: { $gt: upTo } },
        { projection: { groupKey: 1 } },
      )
      .toArray();
    await this.reHead(
      userId,
      newer.map((doc) => ({ groupKey: doc.groupKey ?? '', readIn: upTo })),
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
    filter:
      | { postId: ObjectId; key?: string }
      | { userId: ObjectId; key: string }
      // What one member received from another (a block or a mute, docs/safety.md).
      | { userId: ObjectId; fromUserId: ObjectId },
    now = new Date(),
  ): Promise<Map<string, ObjectId[]>> {
    const found = await this.notifications
      .find(
        { ...filter, removed: false },
        { projection: { _id: 1, userId: 1, head: 1, groupKey: 1, readIn: 1 } },
      )
      .toArray();
    const byRecipient = new Map<string, ObjectId[]>();
    if (found.length === 0) return byRecipient;
    await this.notifications.updateMany(
      { _id: { $in: found.map((doc) => doc._id) }, removed: false },
      { $set: { removed: true, purgeAt: purgeTime(now) } },
    );
    for (const head of found.filter((doc) => doc.head)) await this.reHead(head.userId, [groupIdOf(head)]);
    for (const doc of found) {
      const key = doc.userId.toHexString();
      byRecipient.set(key, [...(byRecipient.get(key) ?? []), doc._id]);
    }
    return byRecipient;
  }

  /** An account deletion: what it received and what it caused. */
  async deleteAccount(userId: ObjectId): Promise<void> {
    await this.notifications.deleteMany({ userId });
    // The groups the account headed get the newest of what is left as their head.
    const headed = await this.notifications
      .find({ fromUserId: userId, head: true }, { projection: { userId: 1, groupKey: 1, readIn: 1 } })
      .toArray();
    await this.notifications.deleteMany({ fromUserId: userId });
    for (const head of headed) await this.reHead(head.userId, [groupIdOf(head)]);
  }
}
