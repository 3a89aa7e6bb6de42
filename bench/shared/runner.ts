import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { BUSY_LOAD, commandLine, describeEnvironment, type Environment } from './environment';
import { writeReport, type Report } from './results-file';
import { renderText } from './table';

export interface RunArgs {
  quick: boolean;
  /** Where RESULTS.md goes: the benchmark's folder for a full run, the temp folder for a quick one. */
  out: string;
}

/** `[--quick] [--out file]`; anything else is refused. */
export function parseRunArgs(argv: string[], benchDir: string, name: string): RunArgs {
  const known = new Set(['--quick', '--out']);
  for (const arg of argv)
    if (arg.startsWith('--') && !known.has(arg)) throw new Error(`unknown option ${arg}`);
  const quick = argv.includes('--quick');
  const at = argv.indexOf('--out');
  const out = at >= 0 ? argv[at + 1] : undefined;
  if (at >= 0 && (out === undefined || out.startsWith('--'))) throw new Error('--out needs a value');
  const defaultOut = quick
    ? path.join(os.tmpdir(), `${name}-bench-quick.md`)
    : path.join(benchDir, 'RESULTS.md');
  return { quick, out: path.resolve(out ?? defaultOut) };
}

/** Describes the machine, prints the first line, and warns when other processes make the figures noisy. */
export function announce(title: string, script: string, argv: string[], quick: boolean): Environment {
  const environment = describeEnvironment(commandLine(script, argv));
  console.log(`${title} (${quick ? 'quick' : 'full'}): ${environment.node}, ${environment.cpus} CPUs`);
  if (environment.loadAverage > BUSY_LOAD) {
    console.warn(
      `warning: load average ${environment.loadAverage.toFixed(2)}: other processes are busy; expect noise`,
    );
  }
  return environment;
}

/** Runs `body` and prints how long it took after `label`. */
export async function step<T>(label: string, body: () => Promise<T>): Promise<T> {
  const t0 = performance.now();
  process.stdout.write(`- ${label} … `);
  const value = await body();
  console.log(`${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return value;
}

export interface Check {
  check: string;
  ok: boolean;
  detail: string;
}

/**
 * Prints the tables and notes, writes the report to `out`, and lists failed checks: the exit code, 0 when
 * every check held.
 */
export async function finish(report: Report, out: string, checks: Check[] = []): Promise<number> {
  console.log(`\n${report.tables.map(renderText).join('\n\n')}\n`);
  for (const note of report.notes) console.log(`note: ${note}`);
  await writeReport(report, out);
  const shown = path.relative(process.cwd(), out);
  console.log(
    `\nTotal ${report.totalSeconds.toFixed(0)} s. Results written to ${shown.startsWith('..') ? out : shown}`,
  );
  const failed = checks.filter((check) => !check.ok);
  for (const check of failed) console.error(`CHECK FAILED: ${check.check}: ${check.detail}`);
  return failed.length === 0 ? 0 : 1;
}

/**
 * Runs a benchmark's `main` and exits with its code (a failed check: 1), or prints the error and exits with 1: a
 * benchmark's processes and servers never keep it alive after its report.
 */
export function runMain(main: () => Promise<number | void>): void {
  main().then(
    (code) => process.exit(code ?? 0),
    (err: Error) => {
      console.error(`\nbenchmark failed: ${err.stack ?? err.message}`);
      process.exit(1);
    },
  );
}
