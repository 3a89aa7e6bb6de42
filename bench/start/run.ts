/**
 * `npm run bench:start [-- --quick]`: the one-command start as a newcomer meets it. Each round starts DevCircle
 * with `npm start` on a fresh data directory, sends a registration the moment "DevCircle is running" appears, then
 * ten more on the warm app (the reference, in the same run), and stops it. Reports the time to "running", the
 * first registration's status and latency against the warm median, and the CPU the whole start used (from
 * /proc, every process of the start's process group).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { startApp, stopApp, waitForRunning } from '../shared/app';
import { groupCpuSeconds } from '../shared/proc';
import { announce, finish, parseRunArgs, step, type Check } from '../shared/runner';
import { formatMs, summarize } from '../shared/stats';
import { right, type Table } from '../shared/table';

const PORT = Number(process.env.BENCH_START_PORT ?? 19100);
const URL = `http://localhost:${PORT}`;
const WARM_REGISTRATIONS = 10;

interface Round {
  toRunningMs: number;
  firstStatus: number;
  /** From the "running" line to the first registration's answer. */
  firstMs: number;
  warmMedianMs: number;
  cpuSeconds: number;
  serverErrors: number;
}

async function register(n: number, round: number): Promise<{ status: number; ms: number }> {
  const t0 = performance.now();
  const response = await fetch(`${URL}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username: `bench${round}m${n}`,
      email: `bench${round}m${n}@example.com`,
      password: 'secret123',
    }),
  });
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - t0 };
}

async function oneRound(round: number): Promise<Round> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'devcircle-bench-start-'));
  const started = performance.now();
  const app = startApp(PORT, dataDir);
  try {
    await waitForRunning(app, URL);
    const running = performance.now();
    const first = await register(0, round);
    const firstMs = performance.now() - running;
    const warm: number[] = [];
    let serverErrors = first.status >= 500 ? 1 : 0;
    for (let n = 1; n <= WARM_REGISTRATIONS; n++) {
      const reply = await register(n, round);
      if (reply.status >= 500) serverErrors++;
      warm.push(reply.ms);
    }
    const cpuSeconds = groupCpuSeconds(app.pid as number);
    return {
      toRunningMs: running - started,
      firstStatus: first.status,
      firstMs,
      warmMedianMs: summarize(warm).p50,
      cpuSeconds,
      serverErrors,
    };
  } finally {
    await stopApp(app);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const args = parseRunArgs(process.argv.slice(2), __dirname, 'start');
  const environment = announce('start benchmark', 'bench/start/run.ts', process.argv.slice(2), args.quick);
  const t0 = performance.now();
  const rounds: Round[] = [];
  const count = args.quick ? 2 : 6;
  for (let round = 1; round <= count; round++)
    rounds.push(await step(`start ${round} of ${count}`, () => oneRound(round)));

  const table: Table = {
    title: 'npm start, then register at once',
    columns: [
      right('start'),
      right('to "running"'),
      right('first register'),
      right('status'),
      right('warm median'),
      right('first / warm'),
      right('CPU (s)'),
    ],
    rows: rounds.map((r, i) => [
      String(i + 1),
      formatMs(r.toRunningMs),
      formatMs(r.firstMs),
      String(r.firstStatus),
      formatMs(r.warmMedianMs),
      `${(r.firstMs / r.warmMedianMs).toFixed(2)}×`,
      r.cpuSeconds.toFixed(1),
    ]),
  };
  const errors = rounds.reduce((sum, r) => sum + r.serverErrors, 0);
  const checks: Check[] = [
    {
      check:
        'every first registration right after "running" is accepted (202: the confirmation mail goes out)',
      ok: rounds.every((r) => r.firstStatus === 202),
      detail: rounds.map((r) => r.firstStatus).join(', '),
    },
    { check: 'no 5xx in any start', ok: errors === 0, detail: `${errors} answers were 5xx` },
  ];
  process.exitCode = await finish(
    {
      title: 'start benchmark',
      generator: 'bench/start/run.ts',
      environment,
      quick: args.quick,
      totalSeconds: (performance.now() - t0) / 1000,
      details: [`${count} starts on fresh data directories; builds already in place`],
      method:
        'Each start is `npm start` as the README says. The first registration is sent the moment "DevCircle is running" is printed; "first register" is from that line to its answer. The reference is the median of ten registrations on the same, warm app (bcrypt dominates both). CPU is utime+stime of the start\'s whole process group from /proc, up to the end of the warm registrations.',
      tables: [table],
      notes: [],
    },
    args.out,
    checks,
  );
}

void main();
