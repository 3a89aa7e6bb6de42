import { isDuplicateKey } from '@devcircle/service-kit';
import { ObjectId, type ClientSession, type Collection, type Db, type Document } from 'mongodb';
import { POSTS } from '../posts/indexes';
import type { Post } from '../posts/post';
import type { FeedViewer } from '../privacy/feed-viewer';
import type { Bookmark } from './bookmark';
import { BOOKMARKS } from './indexes';

/** A bookmark with its post, as the list reads them. */
export interface SavedPost {
  bookmarkId: ObjectId;
  post: Post;
}

/**
 * The list's pipeline: the member's bookmarks newest first on `{userId, _id}` (older than `before`), each joined
 * to its post by `_id`, keeping only posts that exist and the viewer may see (the feed's rule, README "Privacy"),
 * then `limit`. The privacy filter runs after the join, so a page is full even when some saved posts are hidden
 * now; a bookmark of a hidden post stays (it shows again if the viewer follows the author or the author turns
 * public), as a like does.
 */
export function savedPostsPipeline(
  viewer: FeedViewer,
  before: ObjectId | undefined,
  limit: number,
): Document[] {
  return [
    { $match: before ? { userId: viewer.id, _id: { $lt: before } } : { userId: viewer.id } },
    { $sort: { _id: -1 } },
    { $lookup: { from: POSTS, localField: 'postId', foreignField: '_id', as: 'post' } },
    { $unwind: '$post' },
    {
      $match: {
        $or: [
          { 'post.authorPrivate': { $ne: true } },
          { 'post.authorId': { $in: [viewer.id, ...viewer.privateFollowees] } },
        ],
        // Saved before a block or mute: hidden like everywhere else (docs/safety.md).
        ...(viewer.hidden && viewer.hidden.authors.length > 0
          ? { 'post.authorId': { $nin: viewer.hidden.authors } }
          : {}),
      },
    },
    { $limit: limit },
    { $project: { _id: 0, bookmarkId: '$_id', post: 1 } },
  ];
}

/** Every access to `bookmarks`. */
export class BookmarkRepository {
  private readonly bookmarks: Collection<Bookmark>;

  constructor(db: Db) {
    this.bookmarks = db.collection<Bookmark>(BOOKMARKS);
  }

  /** Saves the post for the member; a second save of the same post keeps the first (and its place in the list). */
  async add(userId: ObjectId, postId: ObjectId): Promise<void> {
    try {
      await this.bookmarks.insertOne({ _id: new ObjectId(), postId, userId, createdAt: new Date() });
    } catch (err) {
      // Saved already (or by a request racing this one): the unique index kept the first.
      if (!isDuplicateKey(err)) throw err;
    }
  }

  async remove(userId: ObjectId, postId: ObjectId): Promise<void> {
    await this.bookmarks.deleteOne({ postId, userId });
  }

  async has(userId: ObjectId, postId: ObjectId): Promise<boolean> {
    return (await this.bookmarks.findOne({ postId, userId }, { projection: { _id: 1 } })) !== null;
  }

  /** Which of `postIds` the member saved: one `$in` on the `(postId, userId)` index. Hex ids. */
  async savedAmong(userId: ObjectId, postIds: ObjectId[]): Promise<Set<string>> {
    return new Set((await this.savedIdsAmong(userId, postIds)).keys());
  }

  /** The same with each bookmark's id: post hex → bookmark hex (the feed cache, docs/caching.md "Per reader"). */
  async savedIdsAmong(userId: ObjectId, postIds: ObjectId[]): Promise<Map<string, string>> {
    if (postIds.length === 0) return new Map();
    const found = await this.bookmarks
      .find({ postId: { $in: postIds }, userId }, { projection: { _id: 1, postId: 1 } })
      .toArray();
    return new Map(found.map((bookmark) => [bookmark.postId.toHexString(), bookmark._id.toHexString()]));
  }

  /** Up to `limit` of the viewer's saved posts they may see, most recently saved first (one command). */
  savedPosts(viewer: FeedViewer, before: ObjectId | undefined, limit: number): Promise<SavedPost[]> {
    return this.bookmarks
      .aggregate<SavedPost>(savedPostsPipeline(viewer, before, limit), { batchSize: limit + 1 })
      .toArray();
  }

  /** A deleted post's bookmarks (in the deletion's transaction, when it has one). */
  async removeForPosts(postIds: ObjectId[], session?: ClientSession): Promise<number> {
    if (postIds.length === 0) return 0;
    const result = await this.bookmarks.deleteMany({ postId: { $in: postIds } }, { session });
    return result.deletedCount;
  }

  /** Everything a deleted account saved. */
  async removeForUser(userId: ObjectId): Promise<number> {
    const result = await this.bookmarks.deleteMany({ userId });
    return result.deletedCount;
  }
}
