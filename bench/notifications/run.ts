/**
 * Runs the notifications service benchmark and writes RESULTS.md:
 * `npm run bench:notifications [-- --quick] [--out file]`. Not a test: never run by Jest. Exits non-zero when a
 * check fails (a notification lost or repeated, an event without its notification, a wrong page).
 */
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { BUSY_LOAD, commandLine, describeEnvironment } from '../shared/environment';
import { writeReport } from '../shared/results-file';
import { renderText } from '../shared/table';
import { FULL, QUICK } from './config';
import { registerMembers } from './members';
import { REPORT_METHOD, reportDetails, resultTables } from './report';
import { emptyResults, type Bench } from './results';
import { benchDelivery } from './scenario-delivery';
import { benchList } from './scenario-list';
import { benchSockets } from './scenario-sockets';
import { benchThroughput } from './scenario-throughput';
import { startStack } from './stack';

// Delivery before throughput: the push consumers re-read the last 30 s of notifications on every poll, so a
// burst of thousands would still weigh on the delivery run (see README, "What the numbers show").
const SCENARIOS: [string, (bench: Bench) => Promise<void>][] = [
  ['list reads', benchList],
  ['delivery', benchDelivery],
  ['throughput', benchThroughput],
  ['sockets', benchSockets],
];

function parseArgs(argv: string[]): { quick: boolean; out: string } {
  const known = new Set(['--quick', '--out']);
  for (const arg of argv)
    if (arg.startsWith('--') && !known.has(arg)) throw new Error(`unknown option ${arg}`);
  const quick = argv.includes('--quick');
  const at = argv.indexOf('--out');
  const out = at >= 0 ? argv[at + 1] : undefined;
  if (at >= 0 && (out === undefined || out.startsWith('--'))) throw new Error('--out needs a value');
  const defaultOut = quick
    ? path.join(os.tmpdir(), 'notifications-bench-quick.md')
    : path.join(__dirname, 'RESULTS.md');
  return { quick, out: path.resolve(out ?? defaultOut) };
}

/** Runs `body` and prints how long it took after `label`. */
async function step<T>(label: string, body: () => Promise<T>): Promise<T> {
  const t0 = performance.now();
  process.stdout.write(`- ${label} … `);
  const value = await body();
  console.log(`${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return value;
}

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  const args = parseArgs(argv);
  const config = args.quick ? QUICK : FULL;
  const environment = describeEnvironment(commandLine('bench/notifications/run.ts', argv));
  console.log(
    `notifications benchmark (${args.quick ? 'quick' : 'full'}): ${environment.node}, ${environment.cpus} CPUs`,
  );
  if (environment.loadAverage > BUSY_LOAD) {
    console.warn(
      `warning: load average ${environment.loadAverage.toFixed(2)}: other processes are busy; expect noise`,
    );
  }
  const results = emptyResults();
  const started = performance.now();
  const stack = await step('starting the back end', startStack);
  try {
    const members = await step('registering members, publishing posts', () => registerMembers(stack, config));
    const bench: Bench = { config, stack, db: stack.db, members, results };
    for (const [name, scenario] of SCENARIOS) await step(name, () => scenario(bench));
  } finally {
    await stack.stop();
  }
  const totalSeconds = (performance.now() - started) / 1000;
  const tables = resultTables(results, config).filter((table) => table.rows.length > 0);
  console.log(`\n${tables.map(renderText).join('\n\n')}\n`);
  for (const note of results.notes) console.log(`note: ${note}`);
  await writeReport(
    {
      title: 'notifications service benchmark',
      generator: 'bench/notifications/run.ts',
      environment,
      quick: config.quick,
      totalSeconds,
      details: reportDetails(config),
      method: REPORT_METHOD,
      tables,
      notes: results.notes,
    },
    args.out,
  );
  const shown = path.relative(process.cwd(), args.out);
  console.log(
    `\nTotal ${totalSeconds.toFixed(0)} s. Results written to ${shown.startsWith('..') ? args.out : shown}`,
  );
  const failed = results.checks.filter((check) => !check.ok);
  for (const check of failed) console.error(`CHECK FAILED: ${check.check}: ${check.detail}`);
  return failed.length === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (err: Error) => {
    console.error(`\nbenchmark failed: ${err.stack ?? err.message}`);
    process.exit(1);
  },
);
