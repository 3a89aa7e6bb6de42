import {
  LOGS,
  type Caller,
  distinctIds,
  inTransaction,
  isDuplicateKey,
  notFound,
} from '@devcircle/service-kit';
import { ObjectId, type AnyBulkWriteOperation, type ClientSession } from 'mongodb';
import type { Author } from '../authors/author';
import { AUTHORS } from '../authors/repository';
import type { PostsContext } from '../context';
import { postEventFields, type StoredPostEvent } from '../events/record';
import { OneBatchAtATime, perService } from '../one-batch-at-a-time';
import { POSTS } from '../posts/indexes';
import { POST_NOT_FOUND, type Post, type PostView } from '../posts/post';
import { postView } from '../posts/views';
import { canSee } from '../privacy/visibility';
import { followsOfPrivateAuthors, readerAuthorPair, visibleGiven } from '../privacy/visibility-rule';
import { type BatchPost, readBatchPosts } from './batch-read';
import { LIKES } from './indexes';
import type { Like } from './like';
import { toggleLike } from './toggle';

/**
 * A toggle's answer: whether the caller now likes the post, whether they saved it, and the post's view as that
 * toggle's commit left it (its `likedByMe` and `bookmarkedByMe` are no one's: set them from the other two).
 */
export interface Toggled {
  liked: boolean;
  bookmarked: boolean;
  view: PostView;
}

interface Request {
  postId: ObjectId;
  caller: Caller;
  resolve(toggled: Toggled): void;
  reject(err: unknown): void;
}

/** What one transaction of a batch decided, handed out once it committed. */
interface Outcome {
  /** Per request: whether the caller now likes the post; undefined when the post is missing or hidden from them. */
  liked: (boolean | undefined)[];
  /** The posts toggled, as the commit left them. */
  posts: Map<string, Post>;
  /** The batch's posts as read in its transaction: their cards, and which of the callers saved them. */
  read: Map<string, BatchPost>;
}

/** The most toggles one transaction carries; more wait for the next. */
export const BATCH_MAX = 256;

const key = (postId: ObjectId, userId: ObjectId) => `${postId.toHexString()} ${userId.toHexString()}`;

/**
 * Like toggles of this process, committed in batches: while one transaction is in flight, the toggles that arrive
 * wait, and the next transaction carries all of them. Each toggle's like, the counts it changes and its
 * `like`/`unlike` event still commit together (the outbox, docs/events.md): a batch commits whole or not at all.
 *
 * Why: every toggle of a post writes that post's count and its author's. Run as one transaction each, toggles of
 * the same post conflict with each other; the driver then retries the losers with a growing back-off (up to
 * 500 ms), and 32 members liking the same posts made 6-10 toggles/s (bench/posts/writes). One transaction in
 * flight per process has no conflicts among its own toggles and costs the same few round trips for 1 toggle or
 * 200. Other processes' transactions (another instance, a post deletion, a comment) can still conflict; the
 * driver retries the batch. A batch that fails on a like another instance inserted meanwhile (a duplicate key) is
 * run again one toggle at a time, each in a transaction of its own (`toggleLike`), which settles such races.
 *
 * Everything a toggle reads is read for the whole batch too, in one aggregate: the posts with the pairs' likes,
 * bookmarks and blocks, and the cards' comments and names (plus the follows, only when a private author's post is
 * among them). A batch makes the same six commands for 1 toggle or 200 (test/like-batch.test.ts).
 */
export class LikeToggles {
  private readonly batches = new OneBatchAtATime<Request>((batch) => this.run(batch), BATCH_MAX);

  constructor(private readonly ctx: PostsContext) {}

  /**
   * Flips the caller's like on the post once; resolves after the commit that contains it. A post that does not
   * exist, or that the caller may not see, is the same 404 (README "Privacy").
   */
  toggle(postId: ObjectId, caller: Caller): Promise<Toggled> {
    return new Promise((resolve, reject) => this.batches.add({ postId, caller, resolve, reject }));
  }

  /**
   * Resolves once the batch's transaction is over; its answers are read after that, while the next batch starts.
   */
  private async run(batch: Request[]): Promise<void> {
    let outcome: Outcome;
    try {
      outcome = await inTransaction(this.ctx.deps.database.client, (session) => this.apply(batch, session));
    } catch (err) {
      // A like or an author record inserted by another process after this transaction's snapshot: each toggle
      // alone settles it. Any other failure is every toggle's (and none is run again: the commit's outcome may be
      // unknown).
      if (isDuplicateKey(err)) await Promise.all(batch.map((request) => this.runAlone(request)));
      else for (const request of batch) request.reject(err);
      return;
    }
    this.answer(batch, outcome);
  }

  /**
   * Every toggle of the batch answered from what its transaction read and decided: the post's card with its count
   * as the commit left it, and whether the caller saved the post. Nothing is read after the commit.
   */
  private answer(batch: Request[], outcome: Outcome): void {
    batch.forEach((request, i) => {
      const liked = outcome.liked[i];
      const hex = request.postId.toHexString();
      const read = outcome.read.get(hex);
      const post = outcome.posts.get(hex);
      if (liked === undefined || !read || !post) request.reject(notFound(POST_NOT_FOUND));
      else
        request.resolve({
          liked,
          bookmarked: read.savedBy.has(request.caller.id.toHexString()),
          view: { ...read.card, likes: post.likesCount, likedByMe: false, bookmarkedByMe: false },
        });
    });
  }

  private async runAlone(request: Request): Promise<void> {
    try {
      const found = await this.ctx.posts.findById(request.postId);
      if (!found || !(await canSee(this.ctx, found, request.caller.id))) throw notFound(POST_NOT_FOUND);
      await this.ctx.authors.ensure(request.caller.id, request.caller.username);
      const liked = await toggleLike(this.ctx, found, request.caller);
      const post = await this.ctx.posts.findById(request.postId);
      if (!post) throw notFound(POST_NOT_FOUND);
      const [view, bookmarked] = await Promise.all([
        postView(this.ctx, post),
        this.ctx.bookmarks.has(request.caller.id, request.postId),
      ]);
      request.resolve({ liked, bookmarked, view });
    } catch (err) {
      request.reject(err);
    }
  }

  /**
   * One attempt of the batch's transaction (the driver may run it again after a conflict, so it keeps its results
   * in what it returns): reads the posts with what the toggles and their answers need and who may see them
   * (`readBatchPosts`), works out every toggle in arrival order, then writes the likes, the callers' records and
   * the counts, and the events in a few commands. A toggle of a post that does not exist or that its caller
   * may not see changes nothing and answers 404 (README "Privacy").
   */
  private async apply(batch: Request[], session: ClientSession): Promise<Outcome> {
    const db = this.ctx.deps.db;
    const postIds = distinctIds(batch.map(({ postId }) => postId));
    const userIds = distinctIds(batch.map(({ caller }) => caller.id));
    const read = await readBatchPosts(db, postIds, userIds, session);
    const found = new Map<string, Post>();
    for (const [hex, { post }] of read) found.set(hex, post);
    const readers = batch.flatMap(({ postId, caller }) => {
      const post = found.get(postId.toHexString());
      return post ? [{ post, viewer: caller.id }] : [];
    });
    // Who may see which post: the blocks came with the aggregate; the follows are read only when a private author's
    // post is among them (rare). Both inside the transaction, which does not write them.
    const follows = await followsOfPrivateAuthors(db, readers, session);
    const mayToggle = (postId: ObjectId, viewer: ObjectId): boolean => {
      const { post, blockedFor } = read.get(postId.toHexString()) as BatchPost;
      return visibleGiven(
        { post, viewer },
        {
          blocked: blockedFor.has(viewer.toHexString()),
          following: follows.has(readerAuthorPair(viewer, post.authorId)),
        },
      );
    };
    const likes = [...read.values()].flatMap((one) => one.likes);
    const stored = new Map(likes.map((like) => [key(like.postId, like.userId), like]));

    const liked: (boolean | undefined)[] = [];
    const posts = new Map<string, Post>();
    const likesNow = new Map<string, boolean>();
    const postDelta = new Map<string, number>();
    const authorDelta = new Map<string, { id: ObjectId; delta: number }>();
    const callers = new Map<string, Caller>();
    const events: StoredPostEvent[] = [];
    for (const { postId, caller } of batch) {
      const current = found.get(postId.toHexString());
      if (!current || !mayToggle(postId, caller.id)) {
        liked.push(undefined);
        continue;
      }
      const pair = key(postId, caller.id);
      const likes = !(likesNow.get(pair) ?? stored.has(pair));
      likesNow.set(pair, likes);
      liked.push(likes);
      const delta = likes ? 1 : -1;
      const hex = current._id.toHexString();
      posts.set(hex, current);
      postDelta.set(hex, (postDelta.get(hex) ?? 0) + delta);
      const author = current.authorId.toHexString();
      const counted = authorDelta.get(author) ?? { id: current.authorId, delta: 0 };
      counted.delta += delta;
      authorDelta.set(author, counted);
      callers.set(caller.id.toHexString(), caller);
      events.push({
        _id: new ObjectId(),
        type: likes ? 'like' : 'unlike',
        ...postEventFields(caller, current),
        createdAt: new Date(),
      });
    }
    if (events.length === 0) return { liked, posts, read };

    // The likes removed and added: a `delete` and an `insert` when a batch has both. One `bulkWrite` of both kinds
    // would send the same two commands (the driver sends a command per kind); one command of mixed writes is
    // MongoDB 8's `bulkWrite` (wire version 25), which the embedded server does not speak.
    const removed: ObjectId[] = [];
    const added: Like[] = [];
    for (const [pair, likes] of likesNow) {
      const was = stored.get(pair);
      if (was && !likes) removed.push(was._id);
      if (!was && likes) {
        const [postId, userId] = pair.split(' ').map((hex) => new ObjectId(hex));
        added.push({ _id: new ObjectId(), postId, userId, createdAt: new Date() });
      }
    }
    const likesCollection = db.collection<Like>(LIKES);
    if (removed.length > 0) await likesCollection.deleteMany({ _id: { $in: removed } }, { session });
    if (added.length > 0) await likesCollection.insertMany(added, { session });
    const postUpdates: AnyBulkWriteOperation<Post>[] = [];
    for (const [hex, delta] of postDelta) {
      if (delta === 0) continue;
      const post = posts.get(hex) as Post;
      posts.set(hex, { ...post, likesCount: post.likesCount + delta });
      postUpdates.push({ updateOne: { filter: { _id: post._id }, update: { $inc: { likesCount: delta } } } });
    }
    if (postUpdates.length > 0) await db.collection<Post>(POSTS).bulkWrite(postUpdates, { session });
    const authorUpdates: AnyBulkWriteOperation<Author>[] = [
      // First every caller's record, made as `ensure` makes it when there is none (so a count for one of them
      // follows). Upserting them all costs less than reading which exist: an upsert that finds its record is a
      // look-up by _id that changes nothing (no write, no oplog entry), where the read was a round trip a batch.
      ...[...callers.values()].map(({ id, username }) => ({
        updateOne: {
          filter: { _id: id },
          update: { $setOnInsert: { username, displayName: username, updatedAt: new Date() } },
          upsert: true,
        },
      })),
      ...[...authorDelta.values()]
        .filter(({ delta }) => delta !== 0)
        .map(({ id, delta }) => ({
          updateOne: { filter: { _id: id }, update: { $inc: { likesReceived: delta } } },
        })),
    ];
    if (authorUpdates.length > 0) await db.collection<Author>(AUTHORS).bulkWrite(authorUpdates, { session });
    await db.collection<StoredPostEvent>(LOGS.posts.name).insertMany(events, { session });
    return { liked, posts, read };
  }
}

/** This process's batcher for the service started with `ctx`. */
export const likeToggles = perService((ctx) => new LikeToggles(ctx));
