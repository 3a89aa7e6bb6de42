import type { ObjectId } from 'mongodb';

/**
 * One document of `author_followers`: the posts service's copy of one follower → followee pair, from `follow_events`.
 * An unfollow keeps the document with `following: false`, so the event `_id` it stores still stops an older
 * `follow` (redelivered or handled late) from bringing the pair back.
 */
export interface FollowPair {
  _id: ObjectId;
  followerId: ObjectId;
  followeeId: ObjectId;
  following: boolean;
  /** The last applied `follow` / `unfollow` event of this pair. */
  eventId: ObjectId;
  updatedAt: Date;
}
