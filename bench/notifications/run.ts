/**
 * Runs the notifications service benchmark and writes RESULTS.md:
 * `npm run bench:notifications [-- --quick] [--out file] [--capacity | --only <scenario>]`. Not a test: never run
 * by Jest. Exits non-zero when a check fails (a notification lost or repeated, an event without its notification,
 * a wrong page). `--capacity` adds the long capacity ramp (tens of thousands of sockets) after the others;
 * `--only <scenario>` runs just that one (e.g. `--only throughput`) and writes RESULTS-<scenario>.md.
 */
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setServerNodeArgs } from '../embedded-mongo/server-process';
import { announce, finish, parseRunArgs, step, runMain } from '../shared/runner';
import { FULL, QUICK } from './config';
import { registerMembers } from './members';
import { REPORT_METHOD, reportDetails, resultTables } from './report';
import { emptyResults, type Bench } from './results';
import { benchDelivery } from './scenario-delivery';
import { benchCapacity } from './scenario-capacity';
import { benchList } from './scenario-list';
import { benchRevocationScenario } from './scenario-revocations';
import { benchSockets } from './scenario-sockets';
import { benchThroughput } from './scenario-throughput';
import { compareThroughput } from './baseline';
import { startStack } from './stack';

// Delivery before throughput: the consumers re-read their recent window while events arrive, so a burst of
// thousands just before would weigh on the delivery run.
const SCENARIOS: [string, (bench: Bench) => Promise<void>][] = [
  ['list reads', benchList],
  ['delivery', benchDelivery],
  ['throughput', benchThroughput],
  ['sockets', benchSockets],
  ['revocations', benchRevocationScenario],
];
/** Long (minutes, tens of thousands of sockets): only when asked for. */
const CAPACITY: [string, (bench: Bench) => Promise<void>] = ['capacity', benchCapacity];

/** Takes `--name <value>` out of `rest`; undefined when absent. */
function takeValue(rest: string[], name: string): string | undefined {
  const at = rest.indexOf(name);
  if (at < 0) return undefined;
  const value = rest[at + 1];
  if (value === undefined || value.startsWith('--')) throw new Error(`${name} needs a value`);
  rest.splice(at, 2);
  return value;
}

/**
 * This benchmark's own options, taken out of the arguments before the shared parser sees them:
 * - `--only <scenario>`: one scenario (any of SCENARIOS, or capacity); writes RESULTS-<scenario>.md unless `--out`;
 * - `--capacity`: adds the capacity ramp after the others;
 * - `--cpu-prof <dir>`: the database process's CPU profile;
 * - `--json <file>`: the throughput rows as JSON too (the side-by-side run reads them);
 * - `--backlog-only`: the throughput bursts as backlogs only, without the live runs (both sides of `--baseline`);
 * - `--baseline <commit> [--rounds N]` (with `--only throughput`): that commit's throughput and today's,
 *   alternating (baseline.ts).
 */
function scenarioArgs(argv: string[]) {
  const rest = [...argv];
  const only = takeValue(rest, '--only');
  const names = [...SCENARIOS.map(([name]) => name), CAPACITY[0]];
  if (only !== undefined && !names.includes(only))
    throw new Error(`--only takes one of: ${names.join(', ')}`);
  const flag = rest.indexOf('--capacity');
  if (flag >= 0) rest.splice(flag, 1);
  const backlogFlag = rest.indexOf('--backlog-only');
  if (backlogFlag >= 0) rest.splice(backlogFlag, 1);
  const cpuProf = takeValue(rest, '--cpu-prof');
  const json = takeValue(rest, '--json');
  const baseline = takeValue(rest, '--baseline');
  const rounds = Number(takeValue(rest, '--rounds') ?? 2);
  if (baseline && only !== 'throughput') throw new Error('--baseline goes with --only throughput');
  if (!Number.isInteger(rounds) || rounds < 1) throw new Error('--rounds takes a whole number of at least 1');
  return {
    rest,
    capacity: only === CAPACITY[0] || (!only && flag >= 0),
    only,
    cpuProfDir: cpuProf && path.resolve(cpuProf),
    json: json && path.resolve(json),
    baseline,
    rounds,
    backlogOnly: backlogFlag >= 0,
  };
}

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  const wanted = scenarioArgs(argv);
  const args = parseRunArgs(wanted.rest, __dirname, 'notifications');
  if (wanted.cpuProfDir) setServerNodeArgs(['--cpu-prof', `--cpu-prof-dir=${wanted.cpuProfDir}`]);
  // A one-scenario run does not replace the full run's RESULTS.md.
  if (wanted.only && !args.quick && !wanted.rest.includes('--out'))
    args.out = path.join(__dirname, `RESULTS-${wanted.only}.md`);
  const scenarios = [
    ...SCENARIOS.filter(([name]) => !wanted.only || name === wanted.only),
    ...(wanted.capacity ? [CAPACITY] : []),
  ];
  const config = { ...(args.quick ? QUICK : FULL), backlogOnly: wanted.backlogOnly };
  const environment = announce('notifications benchmark', 'bench/notifications/run.ts', argv, args.quick);
  if (wanted.baseline) {
    return compareThroughput({
      commit: wanted.baseline,
      rounds: wanted.rounds,
      out: args.out,
      quick: args.quick,
      backlogOnly: wanted.backlogOnly,
      environment,
    });
  }
  const results = emptyResults();
  const started = performance.now();
  const stack = await step('starting the back end', startStack);
  try {
    // The capacity run only needs the actor of its likes: no recipients, no posts.
    const memberConfig = wanted.only === CAPACITY[0] ? { ...config, recipients: 0 } : config;
    const members = await step('registering members, publishing posts', () =>
      registerMembers(stack, memberConfig),
    );
    const bench: Bench = { config, stack, db: stack.db, members, results };
    for (const [name, scenario] of scenarios) await step(name, () => scenario(bench));
  } finally {
    await stack.stop();
  }
  const totalSeconds = (performance.now() - started) / 1000;
  if (wanted.json) fs.writeFileSync(wanted.json, JSON.stringify(results.throughput));
  const tables = resultTables(results, config).filter((table) => table.rows.length > 0);
  return finish(
    {
      title: 'notifications service benchmark',
      generator: 'bench/notifications/run.ts',
      environment,
      quick: config.quick,
      totalSeconds,
      details: reportDetails(
        config,
        scenarios.map(([name]) => name),
      ),
      method: REPORT_METHOD,
      tables,
      notes: results.notes,
    },
    args.out,
    results.checks,
  );
}

runMain(main);
