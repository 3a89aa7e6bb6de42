import {
  NOTIFICATION_GROUP_ACTORS,
  notificationGroupKey,
  type NotificationGroup,
  type NotificationType,
} from '@devcircle/contracts';
import type { Document, ObjectId } from 'mongodb';
import type { Sender } from './notification';

/**
 * Groups are computed when the list is read, from the notifications themselves (docs/notifications.md): one
 * aggregation answers a page of them, so a count is exact whatever arrives, is read, deleted or removed meanwhile
 * (nothing to keep in step, nothing a crash can leave behind), and any type groups the same way.
 *
 * A group is (groupKey, readIn): the unread ones of a type and target are one group; "Mark all as read" stamps
 * the ones it reads with its `upTo`, so they stay together as they were grouped, and what arrives later starts a
 * new unread group.
 */

/** One group as the aggregation answers it. */
export interface GroupRow {
  /** `k`: the group key, or for notifications made before groups existed their type and post. */
  _id: { k: string | { t: NotificationType; p: ObjectId | null }; r: ObjectId | null };
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
 * The group key; notifications made before groups existed are grouped by their type and post (as an object:
 * `$toString` of an ObjectId is not in every server this runs on).
 */
const GROUP_KEY = { $ifNull: ['$groupKey', { t: '$type', p: '$postId' }] };
/** Unread: null. Read: the mark-all-read that read it; one read before groups existed stands alone. */
const READ_IN = { $cond: [{ $eq: ['$read', true] }, { $ifNull: ['$readIn', '$_id'] }, null] };

/**
 * The pipeline of a page of groups, newest group first (by its newest notification), older than `before` (a
 * group's `latestId`). It reads the member's visible notifications by the `inbox_newest` index, newest first; then
 * each actor's newest in each group, then the groups. `before` applies to whole groups, so a group never shows
 * twice across pages nor splits.
 */
export function groupsPipeline(userId: ObjectId, limit: number, before?: ObjectId): Document[] {
  return [
    { $match: { userId, removed: false } },
    { $sort: { _id: -1 } },
    {
      $group: {
        _id: { k: GROUP_KEY, r: READ_IN, a: '$fromUserId' },
        latest: { $first: '$_id' },
        createdAt: { $first: '$createdAt' },
        type: { $first: '$type' },
        postId: { $first: '$postId' },
        fromUser: { $first: '$fromUser' },
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
    ...(before ? [{ $match: { latestId: { $lt: before } } }] : []),
    { $sort: { latestId: -1 } },
    { $limit: limit },
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
  const { r } = row._id;
  // Those made before groups existed: a key of their own (`:earlier`), so never the _id of a newer group.
  const k =
    typeof row._id.k === 'string'
      ? row._id.k
      : `${notificationGroupKey(row._id.k.t, row._id.k.p?.toHexString() ?? null)}:earlier`;
  return {
    _id: r ? `${k}:${r.toHexString()}` : k,
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
