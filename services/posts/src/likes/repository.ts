import { isDuplicateKey } from '@devcircle/service-kit';
import { ObjectId, type ClientSession, type Collection, type Db } from 'mongodb';
import { LIKES } from './indexes';
import type { Like } from './like';

/** Every access to `likes`. */
export class LikeRepository {
  private readonly likes: Collection<Like>;

  constructor(db: Db) {
    this.likes = db.collection<Like>(LIKES);
  }

  /** The new like, or null when the user already likes the post (the unique index said so). */
  async insert(postId: ObjectId, userId: ObjectId, session?: ClientSession): Promise<Like | null> {
    const like: Like = { _id: new ObjectId(), postId, userId, createdAt: new Date() };
    try {
      await this.likes.insertOne(like, { session });
      return like;
    } catch (err) {
      if (isDuplicateKey(err)) return null;
      throw err;
    }
  }

  /** True when this call removed the like; false when there was none (or a concurrent call removed it). */
  async remove(postId: ObjectId, userId: ObjectId, session?: ClientSession): Promise<boolean> {
    const result = await this.likes.deleteOne({ postId, userId }, { session });
    return result.deletedCount === 1;
  }

  /** Which of `postIds` the user likes: one `$in` on the `(postId, userId)` index. Hex ids. */
  async likedAmong(userId: ObjectId, postIds: ObjectId[]): Promise<Set<string>> {
    return new Set((await this.likeIdsAmong(userId, postIds)).keys());
  }

  /** The same with each like's id: post hex → like hex (the feed cache, docs/caching.md "Per reader"). */
  async likeIdsAmong(userId: ObjectId, postIds: ObjectId[]): Promise<Map<string, string>> {
    if (postIds.length === 0) return new Map();
    const found = await this.likes
      .find({ postId: { $in: postIds }, userId }, { projection: { _id: 1, postId: 1 } })
      .toArray();
    return new Map(found.map((like) => [like.postId.toHexString(), like._id.toHexString()]));
  }

  async removeForPosts(postIds: ObjectId[], session?: ClientSession): Promise<number> {
    if (postIds.length === 0) return 0;
    const result = await this.likes.deleteMany({ postId: { $in: postIds } }, { session });
    return result.deletedCount;
  }

  /** Up to `limit` of a user's likes, for account deletion. */
  byUser(userId: ObjectId, limit: number): Promise<Like[]> {
    return this.likes.find({ userId }).limit(limit).toArray();
  }

  async removeById(id: ObjectId): Promise<boolean> {
    const result = await this.likes.deleteOne({ _id: id });
    return result.deletedCount === 1;
  }
}
