import type { CodeLanguage } from '@devcircle/contracts';
import { ObjectId, type Collection, type Db, type Filter, type ClientSession } from 'mongodb';
import type { FeedViewer } from '../privacy/feed-viewer';
import type { Post } from './post';
import { POSTS } from './indexes';

/** A query as the service runs it; exported so the index tests explain exactly these. */
export interface PostQuery {
  filter: Filter<Post>;
  sort: { _id: -1 };
}

/**
 * The feed, newest first; with a cursor, only posts older than it (a range on the `_id` index). With a viewer,
 * only the posts they may see: a public author's, their own, and those of the private authors they follow —
 * a filter applied while walking the `_id` index, so the order still comes from the index. Every route passes
 * the viewer; without one it is every post (the index tests compare both).
 */
export function feedQuery(before?: ObjectId, viewer?: FeedViewer): PostQuery {
  const filter: Filter<Post> = before ? { _id: { $lt: before } } : {};
  if (viewer) {
    filter.$or = [
      { authorPrivate: { $ne: true } },
      { authorId: { $in: [viewer.id, ...viewer.privateFollowees] } },
    ];
    // Blocked and muted members' posts are not read at all, so a page stays full (docs/safety.md).
    if (viewer.hidden && viewer.hidden.authors.length > 0) filter.authorId = { $nin: viewer.hidden.authors };
  }
  return { filter, sort: { _id: -1 } };
}

/** A user's posts, newest first, on the `{authorId: 1, _id: -1}` index. */
export function authorPostsQuery(authorId: ObjectId): PostQuery {
  return { filter: { authorId }, sort: { _id: -1 } };
}

export interface NewPost {
  authorId: ObjectId;
  content: string;
  codeSnippet?: string;
  codeLanguage?: CodeLanguage;
  authorPrivate: boolean;
  /** Lower-cased, distinct; none stored when empty. */
  tags?: string[];
}

/** A post's id, author and privacy: all the feed's visibility rule reads. */
export type PostHead = Pick<Post, '_id' | 'authorId' | 'authorPrivate'>;

/** Paging by page number: `skip` documents, then at most `limit`. */
export interface PageWindow {
  skip: number;
  limit: number;
}

/**
 * Every access to `posts`. Driver errors are never caught here: "database unreachable" must reach the kit's
 * error handler to become a 503.
 */
export class PostRepository {
  private readonly posts: Collection<Post>;

  constructor(db: Db) {
    this.posts = db.collection<Post>(POSTS);
  }

  findById(id: ObjectId): Promise<Post | null> {
    return this.posts.findOne({ _id: id });
  }

  /** Runs a feed or author query for one window. */
  list(query: PostQuery, window: PageWindow): Promise<Post[]> {
    return this.posts.find(query.filter).sort(query.sort).skip(window.skip).limit(window.limit).toArray();
  }

  /**
   * A feed or author query's window of heads only (id, author, privacy): a deep page's posts, whose cards come from
   * the feed cache (docs/caching.md). The skip runs inside the index scan as for `list`.
   */
  heads(query: PostQuery, window: PageWindow): Promise<PostHead[]> {
    return this.posts
      .find(query.filter, {
        projection: { _id: 1, authorId: 1, authorPrivate: 1 },
        batchSize: window.limit + 1,
      })
      .sort(query.sort)
      .skip(window.skip)
      .limit(window.limit)
      .toArray();
  }

  /** The posts of `ids` that exist, in no particular order: one `$in` on `_id` (the feed cache's cards). */
  findMany(ids: ObjectId[]): Promise<Post[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.posts.find({ _id: { $in: ids } }, { batchSize: ids.length + 1 }).toArray();
  }

  /** The newest `limit` posts of everyone, only what deciding who may see them needs (the feed cache's window). */
  newestHeads(limit: number): Promise<PostHead[]> {
    return this.posts
      .find({}, { projection: { _id: 1, authorId: 1, authorPrivate: 1 }, batchSize: limit + 1 })
      .sort({ _id: -1 })
      .limit(limit)
      .toArray();
  }

  /** How many posts there are, from the collection's metadata (MongoDB's `count` without a filter). */
  estimatedTotal(): Promise<number> {
    return this.posts.estimatedDocumentCount();
  }

  count(query: PostQuery): Promise<number> {
    return this.posts.countDocuments(query.filter);
  }

  /**
   * Deletes the post only if `authorId` wrote it, returning it as it was at that moment (its final
   * `likesCount`); null when it is gone or someone else's.
   */
  deleteOwned(id: ObjectId, authorId: ObjectId, session?: ClientSession): Promise<Post | null> {
    return this.posts.findOneAndDelete({ _id: id, authorId }, { session });
  }

  /**
   * The post's author, for adjusting their stats too; null when the post no longer exists (deleted while the
   * like or comment was being written).
   */
  async addToCounts(
    id: ObjectId,
    counts: { likesCount?: number; commentsCount?: number },
    session?: ClientSession,
  ): Promise<ObjectId | null> {
    const post = await this.posts.findOneAndUpdate(
      { _id: id },
      { $inc: counts },
      { projection: { authorId: 1 }, session },
    );
    return post?.authorId ?? null;
  }

  /** The author's privacy on all their posts; only those that differ are written (the `authorId` index). */
  async setAuthorPrivate(authorId: ObjectId, authorPrivate: boolean): Promise<void> {
    await this.posts.updateMany(
      { authorId, authorPrivate: { $ne: authorPrivate } },
      { $set: { authorPrivate } },
    );
  }

  async setPostPrivate(id: ObjectId, authorPrivate: boolean): Promise<void> {
    await this.posts.updateOne({ _id: id }, { $set: { authorPrivate } });
  }

  /** Up to `limit` ids of a user's posts, for deleting them batch by batch. */
  async idsByAuthor(authorId: ObjectId, limit: number): Promise<ObjectId[]> {
    const { filter, sort } = authorPostsQuery(authorId);
    const found = await this.posts
      .find(filter, { projection: { _id: 1 } })
      .sort(sort)
      .limit(limit)
      .toArray();
    return found.map((post) => post._id);
  }

  async deleteMany(ids: ObjectId[]): Promise<number> {
    if (ids.length === 0) return 0;
    const result = await this.posts.deleteMany({ _id: { $in: ids } });
    return result.deletedCount;
  }
}
