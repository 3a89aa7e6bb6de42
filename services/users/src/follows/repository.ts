import { isDuplicateKey } from '@devcircle/service-kit';
import { ObjectId, type ClientSession, type Collection, type Db, type Filter } from 'mongodb';
import type { Follow } from './follow';
import { FOLLOWS } from './indexes';

/** A query as the service runs it; exported so the index tests explain exactly these. */
export interface FollowQuery {
  filter: Filter<Follow>;
  sort: { _id: -1 };
}

/** Who follows `userId`, newest first, on `{followeeId: 1, _id: -1}`. */
export function followersQuery(userId: ObjectId): FollowQuery {
  return { filter: { followeeId: userId }, sort: { _id: -1 } };
}

/** Whom `userId` follows, newest first, on `{followerId: 1, _id: -1}`. */
export function followingQuery(userId: ObjectId): FollowQuery {
  return { filter: { followerId: userId }, sort: { _id: -1 } };
}

export interface PageWindow {
  skip: number;
  limit: number;
}

/** Every access to `follows`. */
export class FollowRepository {
  private readonly follows: Collection<Follow>;

  constructor(db: Db) {
    this.follows = db.collection<Follow>(FOLLOWS);
  }

  /** True when this call created the follow; false when the pair existed (the unique index says so). */
  async insert(followerId: ObjectId, followeeId: ObjectId, session?: ClientSession): Promise<boolean> {
    try {
      await this.follows.insertOne(
        { _id: new ObjectId(), followerId, followeeId, createdAt: new Date() },
        { session },
      );
      return true;
    } catch (err) {
      if (isDuplicateKey(err)) return false;
      throw err;
    }
  }

  /** True when this call removed the follow. */
  async remove(followerId: ObjectId, followeeId: ObjectId, session?: ClientSession): Promise<boolean> {
    const result = await this.follows.deleteOne({ followerId, followeeId }, { session });
    return result.deletedCount === 1;
  }

  async removeById(id: ObjectId, session?: ClientSession): Promise<boolean> {
    const result = await this.follows.deleteOne({ _id: id }, { session });
    return result.deletedCount === 1;
  }

  async exists(followerId: ObjectId, followeeId: ObjectId, session?: ClientSession): Promise<boolean> {
    const found = await this.follows.findOne({ followerId, followeeId }, { projection: { _id: 1 }, session });
    return found !== null;
  }

  /** Which of `followeeIds` `followerId` follows, as hex ids (one `$in` on the pair index). */
  async followedAmong(followerId: ObjectId, followeeIds: ObjectId[]): Promise<Set<string>> {
    if (followeeIds.length === 0) return new Set();
    const found = await this.follows
      .find({ followerId, followeeId: { $in: followeeIds } }, { projection: { followeeId: 1 } })
      .toArray();
    return new Set(found.map((follow) => follow.followeeId.toHexString()));
  }

  /** Runs a followers or following query for one window. */
  list(query: FollowQuery, window: PageWindow): Promise<Follow[]> {
    return this.follows.find(query.filter).sort(query.sort).skip(window.skip).limit(window.limit).toArray();
  }
}
