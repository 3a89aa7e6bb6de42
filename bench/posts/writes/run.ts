/**
 * Like toggles and post creates over HTTP, 32 members at once, against this checkout's posts service and database
 * and, side by side in the same run, the reference's (the code before issue 17's write changes, from a git
 * worktree): `npm run bench:writes [-- --quick] [--out file]`. Each side's database and service run in processes
 * of their own; the runs alternate between the sides (the first side of each round alternates too), and CPU is read
 * from /proc. Afterwards every count must equal the documents it counts. Exits non-zero when a check fails.
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { processCpuSeconds } from '../../shared/proc';
import { announce, finish, parseRunArgs, step, type Check, runMain } from '../../shared/runner';
import { formatCount, formatMs, formatRate, median } from '../../shared/stats';
import { left, right, type Table } from '../../shared/table';
import { checkCounts, seedWrites, type WritesSeed } from './data';
import { buildTree, prepareWorktree, REPO_ROOT } from '../../shared/worktree';
import { REFERENCE_COMMIT, referenceRoot } from './reference';
import {
  runScale,
  SCALE_FULL,
  SCALE_QUICK,
  SCALE_REFERENCE_COMMIT,
  scaleTable,
  type ScaleRow,
} from './scale';
import { startSide, type Side } from './side';
import { runCreates, runToggles, type WriteRun } from './scenarios';

interface Settings {
  members: number;
  posts: number;
  rounds: number;
  seconds: number;
}
const FULL: Settings = { members: 32, posts: 100, rounds: 3, seconds: 10 };
const QUICK: Settings = { members: 32, posts: 20, rounds: 1, seconds: 3 };

/** What one timed run measured, with the CPU both processes of its side used. */
interface Measured extends WriteRun {
  side: string;
  round: number;
  dbCpuSeconds: number;
  serviceCpuSeconds: number;
  /** This process's: the HTTP client (nothing else runs in it during a timed run). */
  clientCpuSeconds: number;
}

async function measure(side: Side, round: number, run: () => Promise<WriteRun>): Promise<Measured> {
  const db0 = processCpuSeconds(side.database.pid);
  const service0 = processCpuSeconds(side.service.pid);
  const client0 = processCpuSeconds(process.pid);
  const result = await run();
  return {
    ...result,
    side: side.name,
    round,
    dbCpuSeconds: processCpuSeconds(side.database.pid) - db0,
    serviceCpuSeconds: processCpuSeconds(side.service.pid) - service0,
    clientCpuSeconds: processCpuSeconds(process.pid) - client0,
  };
}

function table(title: string, runs: Measured[]): Table {
  const perOp = (seconds: number, ops: number) => `${((seconds * 1e6) / Math.max(1, ops)).toFixed(0)} µs`;
  return {
    title,
    columns: [
      left('Side'),
      right('Round'),
      right('Done'),
      right('Failed'),
      right('Per s'),
      right('p50'),
      right('p99'),
      right('DB CPU/op'),
      right('Service CPU/op'),
      right('Client CPU/op'),
    ],
    rows: runs.map((r) => [
      r.side,
      String(r.round),
      formatCount(r.load.ops),
      formatCount(r.failed),
      formatRate(r.load.opsPerSecond),
      formatMs(r.load.latencyMs.p50),
      formatMs(r.load.latencyMs.p99),
      perOp(r.dbCpuSeconds, r.load.ops),
      perOp(r.serviceCpuSeconds, r.load.ops),
      perOp(r.clientCpuSeconds, r.load.ops),
    ]),
  };
}

/** `--scale`: each side alone (a million posts twice at once would not fit), reference first. */
async function scale(
  argv: string[],
  quick: boolean,
  out: string,
  reference: string,
  profileDir?: string,
): Promise<number> {
  const settings = quick ? SCALE_QUICK : SCALE_FULL;
  const environment = announce(
    'posts scale benchmark',
    'bench/posts/writes/run.ts',
    ['--scale', ...argv],
    quick,
  );
  const started = performance.now();
  const rows: ScaleRow[] = [];
  for (const [name, root] of [
    ['reference', prepareWorktree(reference)],
    ['current', REPO_ROOT],
  ] as const) {
    // The database as `npm start` runs it: compiled, on plain node (prepareWorktree built the reference).
    if (root === REPO_ROOT) buildTree(REPO_ROOT);
    const side = await step(`${name} side`, () => startSide(name, root, profileDir, { builtDatabase: true }));
    try {
      rows.push(...(await step(`${name} seeding and reading`, () => runScale(side, settings))));
    } finally {
      await side.stop();
    }
  }
  const ratio = (side: string) => {
    const [small, large] = rows.filter((r) => r.side === side);
    return large.p99 / small.p99;
  };
  return finish(
    {
      title: 'posts scale benchmark',
      generator: 'bench/posts/writes/run.ts --scale',
      environment,
      quick,
      totalSeconds: (performance.now() - started) / 1000,
      details: [
        `Reference: commit ${reference} (a git worktree), its database and posts service`,
        `${formatCount(settings.small)} then ${formatCount(settings.large)} posts by 1,000 authors; ${settings.reads} first pages each`,
      ],
      method:
        'Each side alone: its database (the compiled CLI on plain node, on disk, as `npm start` runs it) and posts service in processes of their own, posts written ' +
        'with insertMany in batches of 1,000, then GET /api/posts?limit=10 one at a time over loopback HTTP. DB RSS ' +
        'is VmRSS from /proc after the reads.',
      tables: [scaleTable(rows)],
      notes: [
        `First-page p99 at ${formatCount(settings.large)} / at ${formatCount(settings.small)}: ${ratio('current').toFixed(2)} × here, ${ratio('reference').toFixed(2)} × reference (goal ≤ 1.5 ×).`,
      ],
    },
    out,
  );
}

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  const profileAt = argv.indexOf('--cpu-prof-dir');
  const profileDir = profileAt >= 0 ? path.resolve(argv.splice(profileAt, 2)[1]) : undefined;
  // `--reference <commit>`: another reference side than REFERENCE_COMMIT, or SCALE_REFERENCE_COMMIT with `--scale`
  // (e.g. main, to measure one change).
  const referenceAt = argv.indexOf('--reference');
  const scaleAt = argv.indexOf('--scale');
  const reference =
    referenceAt >= 0
      ? argv.splice(referenceAt, 2)[1]
      : scaleAt >= 0
        ? SCALE_REFERENCE_COMMIT
        : REFERENCE_COMMIT;
  if (!reference || reference.startsWith('--')) throw new Error('--reference needs a commit');
  if (argv.includes('--scale')) argv.splice(argv.indexOf('--scale'), 1);
  const args = parseRunArgs(argv, path.join(__dirname, '..'), 'posts-writes');
  if (!argv.includes('--out') && !args.quick)
    args.out = path.join(__dirname, '..', scaleAt >= 0 ? 'RESULTS-scale.md' : 'RESULTS-writes.md');
  if (scaleAt >= 0) return scale(argv, args.quick, args.out, reference, profileDir);
  const settings = args.quick ? QUICK : FULL;
  const environment = announce('posts writes benchmark', 'bench/posts/writes/run.ts', argv, args.quick);
  const started = performance.now();
  const sides = [
    await step('reference side', async () => startSide('reference', referenceRoot(reference), profileDir)),
    await step('this side', async () => startSide('current', REPO_ROOT, profileDir)),
  ];
  const toggles: Measured[] = [];
  const creates: Measured[] = [];
  const checks: Check[] = [];
  try {
    const seeds = new Map<Side, WritesSeed>();
    for (const side of sides)
      seeds.set(side, await step(`seeding ${side.name}`, () => seedWrites(side.db, settings)));
    for (let round = 1; round <= settings.rounds; round++) {
      const order = round % 2 === 1 ? sides : [...sides].reverse();
      for (const side of order) {
        const seed = seeds.get(side) as WritesSeed;
        toggles.push(
          await step(`round ${round} toggles ${side.name}`, () =>
            measure(side, round, () => runToggles(side.service.url, seed, settings.seconds)),
          ),
        );
      }
      for (const side of [...order].reverse()) {
        const seed = seeds.get(side) as WritesSeed;
        creates.push(
          await step(`round ${round} creates ${side.name}`, () =>
            measure(side, round, () => runCreates(side.service.url, seed, settings.seconds)),
          ),
        );
      }
    }
    for (const side of sides)
      checks.push(...(await checkCounts(side.name, side.db, seeds.get(side) as WritesSeed)));
  } finally {
    for (const side of sides) await side.stop();
  }
  for (const run of [...toggles, ...creates])
    checks.push({
      check: `${run.side} ${run.what} round ${run.round}: every request answered as expected`,
      ok: run.failed === 0,
      detail:
        run.failed === 0
          ? `${formatCount(run.load.ops)} requests`
          : `${run.failed} failed: ${run.firstFailure}`,
    });
  const summary = (runs: Measured[], side: string) =>
    median(runs.filter((r) => r.side === side).map((r) => r.load.opsPerSecond));
  // The best round's rate, and the CPU per request of all three processes (median of the rounds: under other
  // engineers' load a process's CPU time per request grows too), with what two free cores would allow at that cost.
  const reach = (runs: Measured[]) => {
    const mine = runs.filter((r) => r.side === 'current');
    const top = Math.max(...mine.map((r) => r.load.opsPerSecond));
    const ms = median(
      mine.map(
        (r) => ((r.dbCpuSeconds + r.serviceCpuSeconds + r.clientCpuSeconds) * 1000) / Math.max(1, r.load.ops),
      ),
    );
    return `best round ${formatRate(top)}/s; ${ms.toFixed(2)} ms of CPU per request in all three processes (median of the rounds), about ${formatCount(Math.round(2000 / ms))}/s on two free cores`;
  };
  const notes = [
    `Like toggles: median ${formatRate(summary(toggles, 'current'))}/s here, ${formatRate(summary(toggles, 'reference'))}/s reference (goal ≥ 2,000/s); ${reach(toggles)}.`,
    `Post creates: median ${formatRate(summary(creates, 'current'))}/s here, ${formatRate(summary(creates, 'reference'))}/s reference (goal ≥ 1,500/s); ${reach(creates)}.`,
  ];
  return finish(
    {
      title: 'posts writes benchmark',
      generator: 'bench/posts/writes/run.ts',
      environment,
      quick: args.quick,
      totalSeconds: (performance.now() - started) / 1000,
      details: [
        `Reference: commit ${reference} (a git worktree), its database and posts service`,
        `${settings.members} members at once, ${settings.rounds} rounds of ${settings.seconds} s per side and write`,
      ],
      method:
        'Requests go over loopback HTTP with the signed identity header the gateway sends. Each side runs its ' +
        'database (the CLI, on disk) and its posts service in processes of their own; the benchmark process is the ' +
        "client (node:http over kept-alive sockets, the same for both sides). CPU per operation is each process's " +
        'utime + stime from /proc over the run, divided by the requests.',
      tables: [
        table('Like toggles (PUT /api/posts/:id/like)', toggles),
        table('Post creates (POST /api/posts)', creates),
      ],
      notes,
    },
    args.out,
    checks,
  );
}

runMain(main);
