/**
 * Runs the embedded-mongo benchmarks and writes RESULTS.md: `npm run bench:db [-- --quick] [--only a,b]
 * [--out file] [--cpu-prof dir]`. Not a test: never run by Jest.
 */
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { FULL, QUICK, type BenchConfig } from './config';
import { REPORT_METHOD, reportDetails, resultTables } from './report';
import { emptyResults, type ScenarioResults } from './results';
import { announce, finish, step, runMain } from '../shared/runner';
import { benchFinds } from './scenario-finds';
import { benchIdle } from './scenario-idle';
import { benchInserts } from './scenario-inserts';
import { benchReplication } from './scenario-replication';
import { benchStartup } from './scenario-startup';
import { setServerNodeArgs } from './server-process';

const SCENARIOS: Record<string, (config: BenchConfig, results: ScenarioResults) => Promise<void>> = {
  idle: benchIdle,
  inserts: benchInserts,
  finds: benchFinds,
  startup: benchStartup,
  replication: benchReplication,
};

interface Args {
  quick: boolean;
  only: string[];
  out: string;
  cpuProfDir?: string;
}

function parseArgs(argv: string[]): Args {
  const valueOf = (name: string): string | undefined => {
    const at = argv.indexOf(name);
    if (at < 0) return undefined;
    const value = argv[at + 1];
    if (value === undefined || value.startsWith('--')) throw new Error(`${name} needs a value`);
    return value;
  };
  const known = new Set(['--quick', '--only', '--out', '--cpu-prof']);
  for (const arg of argv)
    if (arg.startsWith('--') && !known.has(arg)) throw new Error(`unknown option ${arg}`);
  const quick = argv.includes('--quick');
  const only = valueOf('--only')?.split(',') ?? Object.keys(SCENARIOS);
  for (const name of only) if (!(name in SCENARIOS)) throw new Error(`unknown scenario ${name}`);
  // A partial run keeps its own file, so it never overwrites the full run's tables with a few of them.
  const partial = only.length < Object.keys(SCENARIOS).length;
  const defaultOut = quick
    ? path.join(os.tmpdir(), 'embedded-mongo-bench-quick.md')
    : path.join(__dirname, partial ? `RESULTS-${only.join('-')}.md` : 'RESULTS.md');
  const cpuProf = valueOf('--cpu-prof');
  return {
    quick,
    only,
    out: path.resolve(valueOf('--out') ?? defaultOut),
    cpuProfDir: cpuProf && path.resolve(cpuProf),
  };
}

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  const args = parseArgs(argv);
  const config = args.quick ? QUICK : FULL;
  if (args.cpuProfDir) setServerNodeArgs(['--cpu-prof', `--cpu-prof-dir=${args.cpuProfDir}`]);
  const environment = announce('embedded-mongo benchmarks', 'bench/embedded-mongo/run.ts', argv, args.quick);
  const results = emptyResults();
  const started = performance.now();
  for (const name of args.only) await step(name, () => SCENARIOS[name](config, results));
  const totalSeconds = (performance.now() - started) / 1000;
  const tables = resultTables(results).filter((table) => table.rows.length > 0);
  return finish(
    {
      title: 'embedded-mongo benchmarks',
      generator: 'bench/embedded-mongo/run.ts',
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
}

// Exit (rather than die) on Ctrl-C, so the exit hooks stop the servers and remove their data directories.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping`);
    process.exit(130);
  });
}

runMain(main);
