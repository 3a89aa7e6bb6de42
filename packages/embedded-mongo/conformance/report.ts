/**
 * Tallies results per file and per suite and prints them: a line per file, a summary table, then one line
 * per failure. The JSON written with --json holds the same numbers plus every test's status.
 */
import type { TestResult } from './runner';

export interface FileReport {
  suite: string;
  file: string;
  results: TestResult[];
}

export interface Tally {
  applicable: number;
  passed: number;
  failed: number;
  passRate: number;
  notApplicable: number;
  skipped: number;
  unsupportedByRunner: number;
}

export function tally(results: TestResult[]): Tally {
  const count = (s: TestResult['status']) => results.filter((r) => r.status === s).length;
  const passed = count('passed');
  const failed = count('failed');
  const applicable = passed + failed;
  return {
    applicable,
    passed,
    failed,
    passRate: applicable ? Math.round((1000 * passed) / applicable) / 10 : 0,
    notApplicable: count('not-applicable'),
    skipped: count('skipped'),
    unsupportedByRunner: count('unsupported'),
  };
}

export function buildReport(files: FileReport[]) {
  const suites = [...new Set(files.map((f) => f.suite))];
  const bySuite = Object.fromEntries(
    suites.map((s) => [s, tally(files.filter((f) => f.suite === s).flatMap((f) => f.results))]),
  );
  const failures = files.flatMap((f) =>
    f.results
      .filter((r) => r.status === 'failed')
      .map((r) => ({ test: `${f.suite}/${f.file}`, description: r.description, message: r.message ?? '' })),
  );
  return { suites: bySuite, total: tally(files.flatMap((f) => f.results)), files, failures };
}

const pad = (v: string | number, n: number) => String(v).padStart(n);

export function printReport(report: ReturnType<typeof buildReport>): void {
  for (const f of report.files) {
    const t = tally(f.results);
    const skipped = t.notApplicable + t.skipped + t.unsupportedByRunner;
    console.log(`${f.suite}/${f.file}: ${t.passed}/${t.applicable}${skipped ? ` (${skipped} not run)` : ''}`);
  }
  console.log('');
  const head = ['suite', 'applicable', 'passed', 'failed', 'pass %', 'n/a', 'skipped', 'unsupported'];
  const widths = [16, 10, 7, 7, 7, 5, 8, 12];
  console.log(head.map((h, i) => (i === 0 ? h.padEnd(widths[0]) : pad(h, widths[i]))).join(' '));
  const rows: [string, Tally][] = [...Object.entries(report.suites), ['total', report.total]];
  for (const [name, t] of rows) {
    const cells = [
      t.applicable,
      t.passed,
      t.failed,
      t.passRate.toFixed(1),
      t.notApplicable,
      t.skipped,
      t.unsupportedByRunner,
    ];
    console.log([name.padEnd(widths[0]), ...cells.map((c, i) => pad(c, widths[i + 1]))].join(' '));
  }
  if (report.failures.length) {
    console.log(`\nFailures (${report.failures.length}):`);
    for (const f of report.failures) console.log(`${f.test}: ${f.description} — ${f.message.slice(0, 400)}`);
  }
}
