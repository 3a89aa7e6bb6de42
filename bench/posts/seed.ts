import { performance } from 'node:perf_hooks';
import { ObjectId, type Db, type Document } from 'mongodb';
import type { BenchConfig } from './config';

/**
 * The data set, written straight into the service's collections with the driver (document shapes from
 * services/posts/README.md): posts by `authors` authors, one of them the big post with `bigPostLikes` likes by
 * distinct users and `bigPostComments` comments. Every count on a post equals its likes and comments documents.
 */
export interface Seeded {
  /** Post ids, oldest first: ObjectIds whose time part is the post's createdAt, so `_id` order is recency. */
  postIds: ObjectId[];
  bigPostId: ObjectId;
  /** Position of the big post counted from the newest (1 = newest). */
  bigPostPosition: number;
  authorIds: ObjectId[];
  docs: number;
  seconds: number;
}

const LOREM =
  'Refactored the feed to page by cursor instead of skip; the deep pages got as fast as the first one. ' +
  'Next up: profiling the comment thread and trimming what the card sends over the wire. ';
const LANGUAGES = ['javascript', 'python', 'java', 'cpp', 'react', 'html', 'css', 'sql', 'json', 'other'];

/** An ObjectId at `seconds` (Unix time) with a 1-byte kind and a 7-byte counter: unique, ordered by time. */
function orderedId(seconds: number, kind: number, counter: number): ObjectId {
  const hex =
    seconds.toString(16).padStart(8, '0') +
    kind.toString(16).padStart(2, '0') +
    counter.toString(16).padStart(14, '0');
  return new ObjectId(hex);
}

/** The n-th newest post (1 = newest). */
export function newestPost(seeded: Seeded, position: number): ObjectId {
  return seeded.postIds[seeded.postIds.length - position];
}

async function insertInBatches(db: Db, collection: string, docs: Iterable<Document>, batch: number) {
  let pending: Document[] = [];
  let written = 0;
  for (const doc of docs) {
    pending.push(doc);
    if (pending.length === batch) {
      await db.collection(collection).insertMany(pending);
      written += pending.length;
      pending = [];
    }
  }
  if (pending.length > 0) await db.collection(collection).insertMany(pending);
  return written + pending.length;
}

export async function seed(db: Db, config: BenchConfig): Promise<Seeded> {
  const started = performance.now();
  // One post a second, ending an hour ago; the big post's comments come after it.
  const firstSecond = Math.floor(Date.now() / 1000) - config.posts - 3600;
  const bigPostPosition = Math.floor(config.posts / 4);
  const bigIndex = config.posts - bigPostPosition;
  const authorIds = Array.from({ length: config.authors }, (_, k) => orderedId(firstSecond - 86_400, 1, k));
  const postIds = Array.from({ length: config.posts }, (_, i) => orderedId(firstSecond + i, 2, i));
  const seeded: Seeded = {
    postIds,
    bigPostId: postIds[bigIndex],
    bigPostPosition,
    authorIds,
    docs: 0,
    seconds: 0,
  };
  const now = new Date();

  function* authors() {
    for (const [k, _id] of authorIds.entries())
      yield { _id, username: `author${k}`, displayName: `Author ${k}`, updatedAt: now };
  }
  function* posts() {
    for (const [i, _id] of postIds.entries()) {
      const big = i === bigIndex;
      yield {
        _id,
        authorId: authorIds[i % authorIds.length],
        content: `Post ${i}. ${LOREM}`,
        ...(i % 4 === 0
          ? { codeSnippet: `const page = await feed.before(cursor, ${i});`, codeLanguage: LANGUAGES[i % 10] }
          : {}),
        createdAt: _id.getTimestamp(),
        likesCount: big ? config.bigPostLikes : 0,
        commentsCount: big ? config.bigPostComments : 0,
      };
    }
  }
  function* likes() {
    for (let u = 0; u < config.bigPostLikes; u++)
      yield { _id: new ObjectId(), postId: seeded.bigPostId, userId: new ObjectId(), createdAt: now };
  }
  function* comments() {
    const after = firstSecond + bigIndex + 1;
    for (let j = 0; j < config.bigPostComments; j++) {
      const _id = orderedId(after + j, 3, j);
      const at = _id.getTimestamp();
      yield {
        _id,
        postId: seeded.bigPostId,
        userId: authorIds[j % authorIds.length],
        text: `Comment ${j}: agreed, and the numbers back it up.`,
        createdAt: at,
        updatedAt: at,
      };
    }
  }

  const batch = config.seedBatch;
  seeded.docs += await insertInBatches(db, 'authors', authors(), batch);
  seeded.docs += await insertInBatches(db, 'posts', posts(), batch);
  seeded.docs += await insertInBatches(db, 'likes', likes(), batch);
  seeded.docs += await insertInBatches(db, 'comments', comments(), batch);
  seeded.seconds = (performance.now() - started) / 1000;
  return seeded;
}
