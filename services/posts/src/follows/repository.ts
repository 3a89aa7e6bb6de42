import { isDuplicateKey } from '@devcircle/service-kit';
import { type Collection, type Db, type ObjectId } from 'mongodb';
import type { FollowPair } from './follow';
import { FOLLOWS } from './indexes';

/** Every access to the `follows` projection. */
export class FollowRepository {
  private readonly follows: Collection<FollowPair>;

  constructor(db: Db) {
    this.follows = db.collection<FollowPair>(FOLLOWS);
  }

  /**
   * A `follow` (true) or `unfollow` (false) event of the pair, unless a later event of the pair is applied
   * already. False when it was older and so changed nothing.
   */
  async applyEvent(
    followerId: ObjectId,
    followeeId: ObjectId,
    following: boolean,
    eventId: ObjectId,
  ): Promise<boolean> {
    try {
      await this.follows.updateOne(
        { followerId, followeeId, eventId: { $lte: eventId } },
        { $set: { following, eventId, updatedAt: new Date() } },
        { upsert: true },
      );
      return true;
    } catch (err) {
      // The pair exists with a newer event: the upsert's insert collides with it on the unique pair index.
      if (!isDuplicateKey(err)) throw err;
      return false;
    }
  }

  async isFollowing(followerId: ObjectId, followeeId: ObjectId): Promise<boolean> {
    const found = await this.follows.findOne(
      { followerId, followeeId, following: true },
      { projection: { _id: 1 } },
    );
    return found !== null;
  }

  /**
   * At most `limit` of the users `followerId` follows, on the pair index, in one batch (a cursor's first batch is
   * 101 documents, and each further one a round trip: 5,000 followees would be 50).
   */
  async followeesOf(followerId: ObjectId, limit: number): Promise<ObjectId[]> {
    const found = await this.follows
      .find({ followerId, following: true }, { projection: { _id: 0, followeeId: 1 }, batchSize: limit + 1 })
      .limit(limit)
      .toArray();
    return found.map((pair) => pair.followeeId);
  }

  /** The same with the pairs' ids (the feed cache: an unfollow's update names only the pair, docs/caching.md). */
  async followPairsOf(
    followerId: ObjectId,
    limit: number,
  ): Promise<{ followees: ObjectId[]; ids: string[] }> {
    const found = await this.follows
      .find({ followerId, following: true }, { projection: { _id: 1, followeeId: 1 }, batchSize: limit + 1 })
      .limit(limit)
      .toArray();
    return {
      followees: found.map((pair) => pair.followeeId),
      ids: found.map((pair) => pair._id.toHexString()),
    };
  }

  /** Every pair the user is in, either side (account deletion). */
  async removeUser(userId: ObjectId): Promise<number> {
    const result = await this.follows.deleteMany({ $or: [{ followerId: userId }, { followeeId: userId }] });
    return result.deletedCount;
  }
}
