/**
 * The deep page's heads query alone, in-process (driver → embedded server), fastest of N:
 * `npx tsx bench/paging/heads.ts [--quick] [--runs N]`. What a page read for the first time pays the database
 * (bench/paging/run.ts's "a page not read before"): the feed's visibility filter tested on every post the skip
 * walks. Prints to stdout only; not a test.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { ObjectId, type Document } from 'mongodb';
import { processCpuSeconds } from '../shared/proc';
import { FULL, QUICK } from '../posts/config';
import { seed } from '../posts/seed';
import { startPosts } from '../posts/service';

const LIMIT = 10;

async function main(): Promise<void> {
  const quick = process.argv.includes('--quick');
  const runsAt = process.argv.indexOf('--runs');
  const runs = runsAt > 0 ? Number(process.argv[runsAt + 1]) : quick ? 20 : 40;
  const config = { ...(quick ? QUICK : FULL), bigPostLikes: 10 };
  const posts = await startPosts();
  try {
    await seed(posts.db, config);
    const reader = new ObjectId();
    // The feed's filter for a reader who follows no private author (services/posts feedQuery), and the same for
    // a reader who hides two members (the `$nin` a skipped post is also tested on).
    const visible: Document = { $or: [{ authorPrivate: { $ne: true } }, { authorId: { $in: [reader] } }] };
    const hiding: Document = { ...visible, authorId: { $nin: [new ObjectId(), new ObjectId()] } };
    const depths = quick ? [0, 990, 4_990] : [0, 9_990, 49_990];
    console.log(
      `load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}; ${config.posts} posts, fastest of ${runs}`,
    );
    for (const [name, filter] of [
      ['visible', visible],
      ['hiding 2', hiding],
    ] as const) {
      for (const skip of depths) {
        const times: number[] = [];
        const cpu0 = processCpuSeconds(process.pid);
        for (let r = 0; r < runs; r++) {
          const t0 = performance.now();
          const heads = await posts.db
            .collection('posts')
            .find(filter, { projection: { _id: 1, authorId: 1, authorPrivate: 1 }, batchSize: LIMIT + 1 })
            .sort({ _id: -1 })
            .skip(skip)
            .limit(LIMIT)
            .toArray();
          times.push(performance.now() - t0);
          if (heads.length !== LIMIT) throw new Error(`${heads.length} heads at skip ${skip}`);
        }
        const cpuMs = ((processCpuSeconds(process.pid) - cpu0) * 1000) / runs;
        const fastest = Math.min(...times);
        const perSkipped =
          skip > 0 ? ` (${(((fastest - best0(name)) * 1000) / skip).toFixed(3)} µs a skipped post)` : '';
        if (skip === 0) baseline.set(name, fastest);
        console.log(
          `${name.padEnd(9)} skip ${String(skip).padStart(6)}: fastest ${fastest.toFixed(2)} ms, ` +
            `median ${median(times).toFixed(2)} ms, CPU ${cpuMs.toFixed(2)} ms a query${perSkipped}`,
        );
      }
    }
  } finally {
    await posts.stop();
  }
}

const baseline = new Map<string, number>();
const best0 = (name: string): number => baseline.get(name) ?? 0;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
