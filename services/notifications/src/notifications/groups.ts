import {
  NOTIFICATION_GROUP_ACTORS,
  type NotificationGroup,
  type NotificationType,
} from '@devcircle/contracts';
import type { Document, ObjectId } from 'mongodb';
import type { NotificationDoc, Sender } from './notification';

/**
 * Groups (docs/notifications.md). A group is (groupKey, readIn): the unread ones of a type and target are one
 * group; "Mark all as read" stamps the ones it reads with its `upTo`, so they stay together as they were grouped,
 * and what arrives later starts a new unread group.
 *
 * A group's newest notification is its **head** (`head: true`): a page of groups is a page of heads, newest first,
 * by an index, so its cost does not grow with the inbox. The counts and actors are then counted from the
 * notifications of those groups only, when read, so they are exact whatever arrives, is read or removed meanwhile.
 */

/** The identity of one group. */
export interface GroupId {
  groupKey: string;
  /** Null while unread. */
  readIn: ObjectId | null;
}

export const groupIdOf = (doc: Pick<NotificationDoc, 'groupKey' | 'readIn'>): GroupId => ({
  groupKey: doc.groupKey ?? '',
  readIn: doc.readIn ?? null,
});

/** The same group: a string to compare by. */
export const groupLabel = ({ groupKey, readIn }: GroupId): string =>
  readIn ? `${groupKey}:${readIn.toHexString()}` : groupKey;

/** The filter of a group's notifications (`readIn: null` is also "absent"). */
export const groupFilter = (userId: ObjectId, group: GroupId): Document => ({
  userId,
  groupKey: group.groupKey,
  readIn: group.readIn,
});

/** One group as the counting aggregation answers it. */
export interface GroupRow {
  _id: { k: string; r: ObjectId | null };
  latestId: ObjectId;
  createdAt: Date;
  type: NotificationType;
  postId: ObjectId | null;
  /** Newest first, at most NOTIFICATION_GROUP_ACTORS, with the names stored when each acted. */
  actors: { id: ObjectId; fromUser: Sender }[];
  actorCount: number;
  count: number;
}

/**
 * Counts the visible notifications of `groups` (a page's, by the `group_members` index): each actor's newest in
 * each group, then the groups with their latest actors, distinct actors and notifications.
 */
export function countPipeline(userId: ObjectId, groups: GroupId[]): Document[] {
  return [
    // By the `group_members` index (the keys' notifications, read or not), then the page's groups among them: an
    // `$or` of the groups is read by an index on MongoDB, but not on the embedded server. No sort here, which would
    // make the `_id` index the plan.
    { $match: { userId, groupKey: { $in: [...new Set(groups.map((group) => group.groupKey))] } } },
    {
      $match: {
        removed: false,
        $or: groups.map(({ groupKey, readIn }) => ({ groupKey, readIn })),
      },
    },
    {
      $group: {
        _id: { k: '$groupKey', r: { $ifNull: ['$readIn', null] }, a: '$fromUserId' },
        latest: { $max: '$_id' },
        createdAt: { $max: '$createdAt' },
        type: { $first: '$type' },
        postId: { $first: '$postId' },
        // The names stored when they acted: only shown when `people` has none (views.ts).
        fromUser: { $last: '$fromUser' },
        n: { $sum: 1 },
      },
    },
    { $sort: { latest: -1 } },
    {
      $group: {
        _id: { k: '$_id.k', r: '$_id.r' },
        latestId: { $first: '$latest' },
        createdAt: { $first: '$createdAt' },
        type: { $first: '$type' },
        postId: { $first: '$postId' },
        actors: { $push: { id: '$_id.a', fromUser: '$fromUser' } },
        actorCount: { $sum: 1 },
        count: { $sum: '$n' },
      },
    },
    {
      $project: {
        latestId: 1,
        createdAt: 1,
        type: 1,
        postId: 1,
        actors: { $slice: ['$actors', NOTIFICATION_GROUP_ACTORS] },
        actorCount: 1,
        count: 1,
      },
    },
  ];
}

/** An actor as a group shows them: current names, or null once the account is gone. */
export type ActorNames = (id: ObjectId, stored: Sender) => NotificationGroup['actors'][number];

export function toGroupView(row: GroupRow, actorOf: ActorNames): NotificationGroup {
  const { k, r } = row._id;
  return {
    _id: groupLabel({ groupKey: k, readIn: r }),
    type: row.type,
    post: row.postId ? row.postId.toHexString() : null,
    actors: row.actors.map((actor) => actorOf(actor.id, actor.fromUser)),
    actorCount: row.actorCount,
    count: row.count,
    read: r !== null,
    latestId: row.latestId.toHexString(),
    createdAt: row.createdAt.toISOString(),
  };
}
