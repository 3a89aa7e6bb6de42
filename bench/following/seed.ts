import { performance } from 'node:perf_hooks';
import { ObjectId, type Db, type Document } from 'mongodb';

/** The data set's shape: `--posts` sets the posts, the rest is fixed (docs/architecture.md's scale). */
export interface FollowingConfig {
  posts: number;
  authors: number;
  /** Whom the reader follows, drawn at random among the authors. */
  followees: number;
  /** Every `privateEvery`-th author is private (their posts carry `authorPrivate`). */
  privateEvery: number;
  seedBatch: number;
}

export interface FollowingSeeded {
  reader: ObjectId;
  /** Post ids, oldest first (`_id` order is recency). */
  postIds: ObjectId[];
  /** The following feed's post ids, newest first: the reader's and their followees'. */
  following: ObjectId[];
  /** The everyone feed as the reader sees it, newest first, its first `everyoneDepth` posts. */
  everyone: ObjectId[];
  /** The reader's timeline as fan-out on write would store it (the driver-level comparison reads it). */
  timelineEntries: number;
  docs: number;
  seconds: number;
}

/** An ObjectId at `seconds` with a 1-byte kind and a 7-byte counter: unique and ordered by time. */
function orderedId(seconds: number, kind: number, counter: number): ObjectId {
  return new ObjectId(
    seconds.toString(16).padStart(8, '0') +
      kind.toString(16).padStart(2, '0') +
      counter.toString(16).padStart(14, '0'),
  );
}

/** A fixed pseudo-random sequence (mulberry32), so every run follows the same authors. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function insertInBatches(
  db: Db,
  collection: string,
  docs: Iterable<Document>,
  batch: number,
): Promise<number> {
  let pending: Document[] = [];
  let written = 0;
  for (const doc of docs) {
    pending.push(doc);
    if (pending.length === batch) {
      await db.collection(collection).insertMany(pending, { ordered: false });
      written += pending.length;
      pending = [];
    }
  }
  if (pending.length > 0) await db.collection(collection).insertMany(pending, { ordered: false });
  return written + pending.length;
}

const TEXT =
  'Merged the followees’ ranges instead of sorting their posts; the first page reads what it shows. ';

/**
 * Straight into the posts service's collections with the driver, in batches (shapes from services/posts/README.md):
 * `authors`, `posts` (one a second, authors dealt round-robin so every author's posts spread over the whole time),
 * the reader's `author_followers` pairs, and `following_timeline_bench`, the reader's home timeline as a fan-out on
 * write would keep it (only the driver-level comparison reads it; the service has no such collection).
 */
export async function seedFollowing(
  db: Db,
  config: FollowingConfig,
  everyoneDepth: number,
): Promise<FollowingSeeded> {
  const started = performance.now();
  const firstSecond = Math.floor(Date.now() / 1000) - config.posts - 3600;
  const authorIds = Array.from({ length: config.authors }, (_, k) => orderedId(firstSecond - 86_400, 1, k));
  const isPrivate = (k: number) => k % config.privateEvery === 0;
  const reader = orderedId(firstSecond - 86_400, 4, 0);
  const next = random(19);
  const followed = new Set<number>();
  while (followed.size < config.followees) followed.add(Math.floor(next() * config.authors));
  const postIds = Array.from({ length: config.posts }, (_, i) => orderedId(firstSecond + i, 2, i));
  // The reader writes a post of their own every 1,000 (they are in their following feed too).
  const authorOf = (i: number): number => (i % 1000 === 999 ? -1 : i % config.authors);
  const now = new Date();
  let docs = 0;

  function* authors() {
    for (const [k, _id] of authorIds.entries())
      yield {
        _id,
        username: `author${k}`,
        displayName: `Author ${k}`,
        isPrivate: isPrivate(k),
        updatedAt: now,
      };
    yield { _id: reader, username: 'reader', displayName: 'Reader', updatedAt: now };
  }
  function* posts() {
    for (const [i, _id] of postIds.entries()) {
      const k = authorOf(i);
      yield {
        _id,
        authorId: k < 0 ? reader : authorIds[k],
        content: `Post ${i}. ${TEXT}`,
        createdAt: _id.getTimestamp(),
        likesCount: 0,
        commentsCount: 0,
        authorPrivate: k >= 0 && isPrivate(k),
      };
    }
  }
  function* pairs() {
    for (const k of followed)
      yield {
        _id: new ObjectId(),
        followerId: reader,
        followeeId: authorIds[k],
        following: true,
        eventId: new ObjectId(),
        updatedAt: now,
      };
  }
  const following: ObjectId[] = [];
  const everyone: ObjectId[] = [];
  // The everyone feed's visibility: public authors, the reader, and private authors among the first 1,000
  // followees (FOLLOWEES_CONSIDERED, in the pair index's order: by followee id, which is by k here).
  const considered = new Set([...followed].sort((a, b) => a - b).slice(0, 1000));
  for (let i = config.posts - 1; i >= 0; i--) {
    const k = authorOf(i);
    if (k < 0 || followed.has(k)) following.push(postIds[i]);
    if (everyone.length < everyoneDepth && (k < 0 || !isPrivate(k) || considered.has(k)))
      everyone.push(postIds[i]);
  }
  function* timeline() {
    for (const postId of following) yield { _id: postId, ownerId: reader };
  }

  docs += await insertInBatches(db, 'authors', authors(), config.seedBatch);
  docs += await insertInBatches(db, 'posts', posts(), config.seedBatch);
  docs += await insertInBatches(db, 'author_followers', pairs(), config.seedBatch);
  await db.collection('following_timeline_bench').createIndex({ ownerId: 1, _id: -1 });
  const timelineEntries = await insertInBatches(db, 'following_timeline_bench', timeline(), config.seedBatch);
  docs += timelineEntries;
  return {
    reader,
    postIds,
    following,
    everyone,
    timelineEntries,
    docs,
    seconds: (performance.now() - started) / 1000,
  };
}
