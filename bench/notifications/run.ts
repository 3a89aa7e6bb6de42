/**
 * Runs the notifications service benchmark and writes RESULTS.md:
 * `npm run bench:notifications [-- --quick] [--out file]`. Not a test: never run by Jest. Exits non-zero when a
 * check fails (a notification lost or repeated, an event without its notification, a wrong page).
 */
import { performance } from 'node:perf_hooks';
import { announce, finish, parseRunArgs, step } from '../shared/runner';
import { FULL, QUICK } from './config';
import { registerMembers } from './members';
import { REPORT_METHOD, reportDetails, resultTables } from './report';
import { emptyResults, type Bench } from './results';
import { benchDelivery } from './scenario-delivery';
import { benchList } from './scenario-list';
import { benchSockets } from './scenario-sockets';
import { benchThroughput } from './scenario-throughput';
import { startStack } from './stack';

// Delivery before throughput: the consumers re-read their recent window while events arrive, so a burst of
// thousands just before would weigh on the delivery run.
const SCENARIOS: [string, (bench: Bench) => Promise<void>][] = [
  ['list reads', benchList],
  ['delivery', benchDelivery],
  ['throughput', benchThroughput],
  ['sockets', benchSockets],
];

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  const args = parseRunArgs(argv, __dirname, 'notifications');
  const config = args.quick ? QUICK : FULL;
  const environment = announce('notifications benchmark', 'bench/notifications/run.ts', argv, args.quick);
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
  return finish(
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
    results.checks,
  );
}

main().then(
  (code) => process.exit(code),
  (err: Error) => {
    console.error(`\nbenchmark failed: ${err.stack ?? err.message}`);
    process.exit(1);
  },
);
