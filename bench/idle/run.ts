/**
 * `npm run bench:idle [-- --quick]`: what DevCircle asks of its database while nobody uses it, before events and
 * revocations moved to change streams (the polling commit) and now, side by side in one run. Each tree's parts
 * run as `npm start` runs them (one process each, built JavaScript) against today's embedded server; after they
 * are ready and have settled, the server's own `serverStatus` opcounters are read at the start and the end of a
 * quiet window, and every part's CPU from /proc.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { performance } from 'node:perf_hooks';
import { MongoClient } from 'mongodb';
import { processCpuSeconds } from '../shared/proc';
import { announce, finish, parseRunArgs, step, type Check } from '../shared/runner';
import { right, left, type Table } from '../shared/table';
import { startParts, type Part } from './parts';
import { buildTree, prepareWorktree, REPO_ROOT } from '../shared/worktree';
import { POLLING_COMMIT } from './tree';

const OPS = ['query', 'getmore', 'command', 'insert', 'update', 'delete'] as const;
type Op = (typeof OPS)[number];
type Counters = Record<Op, number>;

interface Sample {
  tree: string;
  seconds: number;
  /** Per second, the sampler's own two serverStatus commands taken out. */
  rates: Counters;
  /** CPU per second of wall time, per part. */
  cpu: { name: string; msPerSecond: number }[];
}

async function counters(client: MongoClient): Promise<Counters> {
  const status = await client.db('admin').command({ serverStatus: 1 });
  return status.opcounters as Counters;
}

async function measure(tree: string, root: string, port: number, settleMs: number, windowMs: number) {
  const app = await startParts(root, port);
  // The sampler's own monitoring is off the figures: one connection, heartbeats every minute.
  const client = new MongoClient(app.databaseUri, { heartbeatFrequencyMS: 60_000, maxPoolSize: 1 });
  try {
    await client.connect();
    await sleep(settleMs);
    const cpuOf = (part: Part): number => processCpuSeconds(part.child.pid as number);
    const before = await counters(client);
    const cpuBefore = app.parts.map(cpuOf);
    const t0 = performance.now();
    await sleep(windowMs);
    const after = await counters(client);
    const seconds = (performance.now() - t0) / 1000;
    const cpuAfter = app.parts.map(cpuOf);
    const rates = Object.fromEntries(
      OPS.map((op) => [op, (after[op] - before[op] - (op === 'command' ? 1 : 0)) / seconds]),
    ) as Counters;
    return {
      tree,
      seconds,
      rates,
      cpu: app.parts.map((part, i) => ({
        name: part.name,
        msPerSecond: ((cpuAfter[i] - cpuBefore[i]) * 1000) / seconds,
      })),
    } satisfies Sample;
  } finally {
    await client.close();
    await app.stop();
  }
}

const total = (rates: Counters): number => OPS.reduce((sum, op) => sum + rates[op], 0);
const rate = (n: number): string => n.toFixed(n < 10 ? 2 : 1);

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const args = parseRunArgs(argv, __dirname, 'idle');
  const environment = announce('idle database traffic', 'bench/idle/run.ts', argv, args.quick);
  const t0 = performance.now();
  const settleMs = args.quick ? 5_000 : 15_000;
  const windowMs = args.quick ? 15_000 : 60_000;
  await step('building today’s tree', async () => buildTree(REPO_ROOT));
  const before = await step(`preparing ${POLLING_COMMIT} (worktree, build)`, async () =>
    prepareWorktree(POLLING_COMMIT),
  );
  const samples: Sample[] = [];
  samples.push(
    await step(`polling (${POLLING_COMMIT}), ${windowMs / 1000} s`, () =>
      measure(`polling (${POLLING_COMMIT})`, before, 19_400, settleMs, windowMs),
    ),
  );
  samples.push(
    await step(`change streams (today), ${windowMs / 1000} s`, () =>
      measure('change streams (today)', REPO_ROOT, 19_300, settleMs, windowMs),
    ),
  );

  const traffic: Table = {
    title: 'Database operations per second while idle (one instance of each part)',
    columns: [left('app'), ...OPS.map((op) => right(op)), right('all')],
    rows: samples.map((s) => [s.tree, ...OPS.map((op) => rate(s.rates[op])), rate(total(s.rates))]),
  };
  const names = samples[0].cpu.map((c) => c.name);
  const cpu: Table = {
    title: 'CPU while idle, ms per second of wall time (from /proc)',
    columns: [left('app'), ...names.map((name) => right(name)), right('all')],
    rows: samples.map((s) => [
      s.tree,
      ...s.cpu.map((c) => c.msPerSecond.toFixed(1)),
      s.cpu.reduce((sum, c) => sum + c.msPerSecond, 0).toFixed(1),
    ]),
  };
  const [polling, streams] = samples;
  const checks: Check[] = [
    {
      check: 'today the app sends no queries while idle',
      ok: streams.rates.query === 0,
      detail: `${rate(streams.rates.query)} queries/s (polling: ${rate(polling.rates.query)})`,
    },
  ];
  process.exitCode = await finish(
    {
      title: 'idle database traffic',
      generator: 'bench/idle/run.ts',
      environment,
      quick: args.quick,
      totalSeconds: (performance.now() - t0) / 1000,
      details: [
        `Window: ${windowMs / 1000} s, after the app was ready and had settled for ${settleMs / 1000} s`,
        `Before: commit ${POLLING_COMMIT} (consumers polling their logs, the push fan-out polling notifications, verifiers polling auth's revocations)`,
      ],
      method:
        "Each tree runs the database, auth, posts, users, notifications and the gateway as separate processes, as `npm start` runs them (built JavaScript, one instance each, their default settings), one tree after the other on the same machine, both against today's embedded server. Operations are the server's `serverStatus` opcounters read at the start and the end of the window by a sampler with one connection and a one-minute heartbeat; its own closing `serverStatus` is taken out. `command` includes the drivers' monitoring `hello`s; `getmore` is the change streams' waits (each answered after a minute when nothing happens). CPU is utime+stime of each process from /proc over the same window.",
      tables: [traffic, cpu],
      notes: [
        `All operations: ${rate(total(polling.rates))}/s polling, ${rate(total(streams.rates))}/s with change streams (${(total(polling.rates) / Math.max(total(streams.rates), 0.01)).toFixed(0)}× fewer).`,
      ],
    },
    args.out,
    checks,
  );
}

void main();
