/**
 * Feed pages by number against page 1, interleaved in one run (issue 17: page 1,000 at most 1.3 × page 1):
 * `npm run bench:paging [-- --quick] [--out file]`. Writes bench/paging/RESULTS.md. Not a test: never run by Jest.
 */
import { performance } from 'node:perf_hooks';
import { processCpuSeconds } from '../shared/proc';
import { announce, finish, parseRunArgs, step, type Check, runMain } from '../shared/runner';
import { formatCount, formatMs, summarize } from '../shared/stats';
import { left, right, type Table } from '../shared/table';
import { FULL, QUICK } from '../posts/config';
import { benchUser, expectStatus, json } from '../posts/http';
import { newestPost, seed } from '../posts/seed';
import { startPosts } from '../posts/service';

/** The goal: a deep page by number costs at most this many times page 1 (p50). */
const GOAL = 1.3;
const LIMIT = 10;

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  const args = parseRunArgs(argv, __dirname, 'paging');
  // The posts benchmark's data set, without its big post's 100,000 likes (no page here shows it).
  const config = { ...(args.quick ? QUICK : FULL), bigPostLikes: 1_000 };
  const rounds = args.quick ? 60 : 400;
  const depths = args.quick ? [0, 990, 4_990] : [0, 9_990, 49_990];
  const environment = announce('feed paging benchmark', 'bench/paging/run.ts', argv, args.quick);
  const started = performance.now();
  const posts = await startPosts();
  const checks: Check[] = [];
  const tables: Table[] = [];
  const notes: string[] = [];
  try {
    const seeded = await step('seeding', () => seed(posts.db, config));
    const reader = benchUser('pagereader');
    const runs = [
      ...depths.map((depth) => ({
        label: `?page=${formatCount(depth / LIMIT + 1)}&limit=${LIMIT} (skip ${formatCount(depth)})`,
        path: `/api/posts?page=${depth / LIMIT + 1}&limit=${LIMIT}`,
        first: depth + 1,
      })),
      {
        label: `?before=<${formatCount(depths[1])}th newest>&limit=${LIMIT} (cursor, same depth as the 2nd)`,
        path: `/api/posts?before=${newestPost(seeded, depths[1]).toHexString()}&limit=${LIMIT}`,
        first: depths[1] + 1,
      },
    ];
    // The pages above are asked every round, so after the first they come from the posts service's caches (the
    // page's heads, its cards, the reader's fields: docs/caching.md). This one is a page not read before each
    // round, just past the 2nd's depth: its heads, cards and the reader's fields are read from the database.
    const coldPage = (round: number) => depths[1] / LIMIT + 2 + (round + 20);
    const cold = {
      label: `?page=<${formatCount(coldPage(-20))} + round>&limit=${LIMIT} (a page not read before)`,
      pathOf: (round: number) => `/api/posts?page=${coldPage(round)}&limit=${LIMIT}`,
    };
    const get = (urlPath: string) => expectStatus(posts.service.url, reader, 200, 'GET', urlPath);
    // Each page holds the posts it should before anything is timed.
    for (const run of runs) {
      const answer = json<{ posts: { _id: string }[] }>(await get(run.path));
      const want = newestPost(seeded, run.first).toHexString();
      const ok = answer.posts.length === LIMIT && answer.posts[0]._id === want;
      checks.push({
        check: `${run.label} starts at post ${formatCount(run.first)}`,
        ok,
        detail: answer.posts[0]?._id ?? 'none',
      });
    }
    const latencies = [...runs, cold].map(() => [] as number[]);
    // CPU seconds of this process (service, database and client) read from /proc around each request: in ticks of
    // 10 ms, so only the sum over the rounds means something, which the load of other processes does not inflate.
    const cpuSeconds = [...runs, cold].map(() => 0);
    const cpuBefore = processCpuSeconds(process.pid);
    await step(`${rounds} rounds`, async () => {
      // Interleaved: every round asks each page once, so a busy moment of the machine weighs on all alike.
      for (let round = -20; round < rounds; round++) {
        for (const [k, path] of [...runs.map((run) => run.path), cold.pathOf(round)].entries()) {
          const t0 = performance.now();
          const cpu0 = processCpuSeconds(process.pid);
          await get(path);
          if (round >= 0) {
            latencies[k].push(performance.now() - t0);
            cpuSeconds[k] += processCpuSeconds(process.pid) - cpu0;
          }
        }
      }
    });
    const cpuMs = ((processCpuSeconds(process.pid) - cpuBefore) * 1000) / ((rounds + 20) * (runs.length + 1));
    const summaries = latencies.map(summarize);
    const base = summaries[0].p50;
    tables.push({
      title: `Feed pages, interleaved (${rounds} rounds, 1 client, ${LIMIT} posts a page, ${formatCount(config.posts)} posts)`,
      columns: [
        left('Request'),
        right('p50'),
        right('p95'),
        right('p99'),
        right('÷ page 1 (p50)'),
        right('CPU a request'),
        right('÷ page 1 (CPU)'),
      ],
      rows: [...runs, cold].map((run, k) => [
        run.label,
        formatMs(summaries[k].p50),
        formatMs(summaries[k].p95),
        formatMs(summaries[k].p99),
        `${(summaries[k].p50 / base).toFixed(2)}×`,
        formatMs((cpuSeconds[k] * 1000) / rounds),
        `${(cpuSeconds[k] / cpuSeconds[0]).toFixed(2)}×`,
      ]),
    });
    const ratio = summaries[1].p50 / base;
    checks.push({
      check: `${runs[1].label} ≤ ${GOAL} × page 1 (p50)`,
      ok: ratio <= GOAL,
      detail: `${ratio.toFixed(2)}×`,
    });
    notes.push(
      `Process CPU (service, database and client together, from /proc): ${cpuMs.toFixed(2)} ms a request on average over all pages.`,
      `Checks: ${checks.map((c) => `${c.check}: ${c.ok ? 'ok' : 'FAILED'} (${c.detail})`).join('; ')}.`,
    );
  } finally {
    await posts.stop();
  }
  return finish(
    {
      title: 'feed paging benchmark',
      generator: 'bench/paging/run.ts',
      environment,
      quick: args.quick,
      totalSeconds: (performance.now() - started) / 1000,
      details: [
        `Data: the posts benchmark's (bench/posts/seed.ts), its big post with ${formatCount(config.bigPostLikes)} likes`,
      ],
      method:
        'The posts service and an in-memory embedded database run in this process (bench/posts/service.ts); each ' +
        'round asks for every page once, one request at a time, over HTTP on loopback, so page 1 is measured beside ' +
        'the deep pages in the same moments of the machine. Latency is from sending the request to having read the body.',
      tables,
      notes,
    },
    args.out,
    checks,
  );
}

runMain(main);
