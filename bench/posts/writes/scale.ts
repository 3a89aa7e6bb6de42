/**
 * The embedded database at 1,000,000 posts: its resident memory, and the feed's first page at 10,000 and at
 * 1,000,000 posts, for this checkout and the reference (one after the other: each side's database would hold a
 * million posts at once otherwise). `npm run bench:writes -- --scale [--quick]`.
 */
import { performance } from 'node:perf_hooks';
import { ObjectId, type Db } from 'mongodb';
import { runLoad } from '../../shared/load';
import { formatBytes, formatCount, formatMs } from '../../shared/stats';
import { left, right, type Table } from '../../shared/table';
import { benchUser, request } from '../http';
import type { Side } from './side';

export interface ScaleSettings {
  small: number;
  large: number;
  reads: number;
}
/**
 * The reference of `--scale`: the code before documents were stored as BSON bytes and index keys as strings (issue
 * 17's storage change), so the pair shows that change alone; bench:writes' own reference is older.
 */
export const SCALE_REFERENCE_COMMIT = '2bb6a53';

export const SCALE_FULL: ScaleSettings = { small: 10_000, large: 1_000_000, reads: 1000 };
export const SCALE_QUICK: ScaleSettings = { small: 10_000, large: 100_000, reads: 300 };

const AUTHORS = 1000;
const BATCH = 1000;

export interface ScaleRow {
  side: string;
  posts: number;
  rssBytes: number;
  p50: number;
  p99: number;
  seedSeconds: number;
}

/** Posts as the service writes them, one in three with a snippet; ids ordered by time, newest last. */
async function seedPosts(db: Db, from: number, to: number): Promise<void> {
  const authors = Array.from(
    { length: AUTHORS },
    (_, k) => new ObjectId(`a0${k.toString(16).padStart(22, '0')}`),
  );
  if (from === 0)
    await db.collection('authors').insertMany(
      authors.map((_id, k) => ({
        _id,
        username: `author${k}`,
        displayName: `Author ${k}`,
        updatedAt: new Date(),
      })),
    );
  const start = Math.floor(Date.now() / 1000) - 2_000_000;
  for (let i = from; i < to; i += BATCH) {
    const posts = [];
    for (let j = i; j < Math.min(to, i + BATCH); j++) {
      const _id = new ObjectId((start + j).toString(16).padStart(8, '0') + j.toString(16).padStart(16, '0'));
      posts.push({
        _id,
        authorId: authors[j % AUTHORS],
        content: `Post ${j}: paged the feed by cursor instead of skip, and the deep pages got as fast as the first.`,
        ...(j % 3 === 0
          ? {
              codeSnippet: 'const page = await posts.find({ _id: { $lt: before } }).limit(10);',
              codeLanguage: 'javascript',
            }
          : {}),
        createdAt: _id.getTimestamp(),
        likesCount: j % 7,
        commentsCount: 0,
        authorPrivate: false,
      });
    }
    await db.collection('posts').insertMany(posts);
  }
}

async function firstPage(side: Side, reads: number): Promise<{ p50: number; p99: number }> {
  const reader = benchUser('scale-reader');
  const get = () => request(side.service.url, reader, 'GET', '/api/posts?limit=10');
  for (let i = 0; i < 50; i++) await get();
  const load = await runLoad({ ops: reads, concurrency: 1, maxSeconds: 60 }, async () => {
    const reply = await get();
    if (reply.status !== 200) throw new Error(`first page answered ${reply.status}`);
  });
  return { p50: load.latencyMs.p50, p99: load.latencyMs.p99 };
}

/** Seeds `small` posts, reads the first page, seeds up to `large`, reads it again; RSS after each. */
export async function runScale(side: Side, settings: ScaleSettings): Promise<ScaleRow[]> {
  const rows: ScaleRow[] = [];
  let seeded = 0;
  for (const size of [settings.small, settings.large]) {
    const t0 = performance.now();
    await seedPosts(side.db, seeded, size);
    const seedSeconds = (performance.now() - t0) / 1000;
    seeded = size;
    const page = await firstPage(side, settings.reads);
    rows.push({
      side: side.name,
      posts: size,
      rssBytes: side.database.memory().rssBytes,
      ...page,
      seedSeconds,
    });
  }
  return rows;
}

export function scaleTable(rows: ScaleRow[]): Table {
  return {
    title: "The embedded database with many posts: resident memory, and the feed's first page (1 client)",
    columns: [
      left('Side'),
      right('Posts'),
      right('DB RSS'),
      right('First page p50'),
      right('p99'),
      right('Seeded in'),
    ],
    rows: rows.map((r) => [
      r.side,
      formatCount(r.posts),
      formatBytes(r.rssBytes),
      formatMs(r.p50),
      formatMs(r.p99),
      `${r.seedSeconds.toFixed(0)} s`,
    ]),
  };
}
