import { ObjectId, type Collection, type Db, type Filter, type ClientSession } from 'mongodb';
import type { Comment } from './comment';
import { POSTS } from '../posts/indexes';
import { COMMENTS } from './indexes';

/** A query as the service runs it; exported so the index tests explain exactly this. */
export interface CommentQuery {
  filter: Filter<Comment>;
  sort: { _id: -1 };
}

/** A post's comments, newest first, older than `before` when given: the `{postId: 1, _id: -1}` index. */
export function postCommentsQuery(postId: ObjectId, before?: ObjectId): CommentQuery {
  return { filter: before ? { postId, _id: { $lt: before } } : { postId }, sort: { _id: -1 } };
}

/** Every access to `comments`. */
export class CommentRepository {
  private readonly comments: Collection<Comment>;
  private readonly posts: Collection<{ _id: ObjectId }>;

  constructor(db: Db) {
    this.comments = db.collection<Comment>(COMMENTS);
    this.posts = db.collection<{ _id: ObjectId }>(POSTS);
  }

  async insert(postId: ObjectId, userId: ObjectId, text: string, session?: ClientSession): Promise<Comment> {
    const now = new Date();
    const comment: Comment = { _id: new ObjectId(), postId, userId, text, createdAt: now, updatedAt: now };
    await this.comments.insertOne(comment, { session });
    return comment;
  }

  findInPost(postId: ObjectId, commentId: ObjectId): Promise<Comment | null> {
    return this.comments.findOne({ _id: commentId, postId });
  }

  /** At most `limit` of a post's comments, newest first. */
  latest(
    postId: ObjectId,
    limit: number,
    before?: ObjectId,
    hiddenWriters: ObjectId[] = [],
  ): Promise<Comment[]> {
    const { filter, sort } = postCommentsQuery(postId, before);
    // Writers hidden from the reader (blocks, mutes: docs/safety.md) are left out here, so a page stays full.
    const shown = hiddenWriters.length > 0 ? { ...filter, userId: { $nin: hiddenWriters } } : filter;
    return this.comments.find(shown).sort(sort).limit(limit).toArray();
  }

  /**
   * At most `limit` of each post's comments, newest first, keyed by the post's hex id, in one round trip whatever
   * the number of posts: the posts by `_id`, each joined to its comments with a `$lookup` whose own `$sort` and
   * `$limit` run on the `{postId: 1, _id: -1}` index, so each post costs its bound, not its comment count
   * (MongoDB 5.0's localField/foreignField with a pipeline; the embedded server plans it the same way).
   */
  async latestOfPosts(postIds: ObjectId[], limit: number): Promise<Map<string, Comment[]>> {
    if (postIds.length === 0) return new Map();
    const { sort } = postCommentsQuery(postIds[0]);
    const found = await this.posts
      .aggregate<{ _id: ObjectId; latest: Comment[] }>(
        [
          { $match: { _id: { $in: postIds } } },
          { $project: { _id: 1 } },
          {
            $lookup: {
              from: COMMENTS,
              localField: '_id',
              foreignField: 'postId',
              pipeline: [{ $sort: sort }, { $limit: limit }],
              as: 'latest',
            },
          },
        ],
        // One batch: a post per document, so no getMore however many posts.
        { batchSize: postIds.length + 1 },
      )
      .toArray();
    return new Map(found.map((post) => [post._id.toHexString(), post.latest]));
  }

  /** Only the comment's author edits it; false when it is gone or someone else's. */
  async updateText(
    commentId: ObjectId,
    userId: ObjectId,
    text: string,
    session?: ClientSession,
  ): Promise<boolean> {
    const result = await this.comments.updateOne(
      { _id: commentId, userId },
      { $set: { text, updatedAt: new Date() } },
      { session },
    );
    return result.matchedCount === 1;
  }

  /** True when this call removed the comment (so the post's count goes down exactly once). */
  async removeOwned(commentId: ObjectId, userId: ObjectId, session?: ClientSession): Promise<boolean> {
    const result = await this.comments.deleteOne({ _id: commentId, userId }, { session });
    return result.deletedCount === 1;
  }

  async removeById(id: ObjectId): Promise<boolean> {
    const result = await this.comments.deleteOne({ _id: id });
    return result.deletedCount === 1;
  }

  async removeForPosts(postIds: ObjectId[], session?: ClientSession): Promise<number> {
    if (postIds.length === 0) return 0;
    const result = await this.comments.deleteMany({ postId: { $in: postIds } }, { session });
    return result.deletedCount;
  }

  /** Up to `limit` of a user's comments, for account deletion. */
  byUser(userId: ObjectId, limit: number): Promise<Comment[]> {
    return this.comments.find({ userId }).limit(limit).toArray();
  }
}
