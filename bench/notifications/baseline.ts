import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildTree, prepareWorktree, REPO_ROOT } from '../shared/worktree';
import { finish, type Check } from '../shared/runner';
import { left, right, type Table } from '../shared/table';
import type { Environment } from '../shared/environment';
import type { ThroughputResult } from './results';
import { median } from '../shared/stats';

/** The harness folders copied into the older checkout, so that only the code under test differs. */
const HARNESS = ['notifications', 'shared', 'embedded-mongo', 'idle'];

type Side = 'before' | 'now';

/** One side's throughput scenario, in a process of its own, from `root`; its rows. */
function runSide(root: string, side: Side, round: number, flags: string[]): ThroughputResult[] {
  const json = path.join(os.tmpdir(), `notifications-throughput-${side}-${round}.json`);
  const md = path.join(os.tmpdir(), `notifications-throughput-${side}-${round}.md`);
  console.log(`\n== ${side}, round ${round + 1} (${root})`);
  execFileSync(
    process.execPath,
    [
      ...['--import', 'tsx', 'bench/notifications/run.ts', '--only', 'throughput'],
      ...['--out', md, '--json', json, ...flags],
    ],
    { cwd: root, stdio: 'inherit' },
  );
  return JSON.parse(fs.readFileSync(json, 'utf8')) as ThroughputResult[];
}

const backlog = (rows: ThroughputResult[], events: number) =>
  rows.filter((row) => row.mode === 'backlog' && row.events === events);

function sideBySide(commit: string, before: ThroughputResult[][], now: ThroughputResult[][]): Table {
  const bursts = [...new Set(now.flat().map((row) => row.events))].sort((a, b) => a - b);
  const rate = (rows: ThroughputResult[]) => median(rows.map((row) => row.events / row.totalSeconds));
  const cpu = (rows: ThroughputResult[]) => {
    const sampled = rows.flatMap((row) => (row.cpuPerEvent ? [row.cpuPerEvent] : []));
    if (sampled.length === 0) return '';
    const db = median(sampled.map((c) => c.databaseUs)).toFixed(0);
    return `${db} + ${median(sampled.map((c) => c.serviceUs)).toFixed(0)} µs`;
  };
  return {
    title: `Backlog drained, events per second: ${commit} → now (medians of the rounds)`,
    columns: [
      left('Backlog'),
      right(`${commit}: events/s`),
      right('CPU/event: database + service'),
      right('now: events/s'),
      right('CPU/event: database + service '),
      right('now ÷ before'),
    ],
    rows: bursts.map((events) => {
      const old = before.flatMap((rows) => backlog(rows, events));
      const today = now.flatMap((rows) => backlog(rows, events));
      return [
        events.toLocaleString('en-US'),
        rate(old).toFixed(0),
        cpu(old),
        rate(today).toFixed(0),
        cpu(today),
        `${(rate(today) / rate(old)).toFixed(2)}×`,
      ];
    }),
  };
}

/**
 * `--only throughput --baseline <commit> [--rounds N]`: the throughput scenario at `commit` (a worktree beside
 * the repository, built, with today's harness copied in) and today's, alternating `rounds` times, each run in a
 * process of its own (the database in its own child, as always); the backlog rates side by side.
 */
export async function compareThroughput(options: {
  commit: string;
  rounds: number;
  out: string;
  quick: boolean;
  backlogOnly: boolean;
  environment: Environment;
}): Promise<number> {
  const started = performance.now();
  const tree = prepareWorktree(options.commit);
  for (const folder of HARNESS) {
    fs.cpSync(path.join(REPO_ROOT, 'bench', folder), path.join(tree, 'bench', folder), {
      recursive: true,
      force: true,
      filter: (source) => !source.endsWith('.md'),
    });
  }
  buildTree(REPO_ROOT);
  const flags = [...(options.quick ? ['--quick'] : []), ...(options.backlogOnly ? ['--backlog-only'] : [])];
  const before: ThroughputResult[][] = [];
  const now: ThroughputResult[][] = [];
  for (let round = 0; round < options.rounds; round++) {
    before.push(runSide(tree, 'before', round, flags));
    now.push(runSide(REPO_ROOT, 'now', round, flags));
  }
  const checks: Check[] = [...before, ...now].flat().map((row) => ({
    check: `${row.mode} ${row.events}: one notification per event`,
    ok: row.notifications === row.events,
    detail: `${row.notifications} of ${row.events}`,
  }));
  return finish(
    {
      title: 'notifications throughput, side by side',
      generator: 'bench/notifications/run.ts',
      environment: options.environment,
      quick: options.quick,
      totalSeconds: (performance.now() - started) / 1000,
      details: [
        `Rounds: ${options.rounds}, alternating ${options.commit} and now; each side's run is the throughput scenario ` +
          'of bench/notifications in a process of its own (the harness of today in both)',
      ],
      method:
        'Each side registers its members, then records bursts of like events straight into `post_events` with ' +
        '`notifications.posts` stopped and times its restart until every event is handled (`drain()`): the backlog ' +
        'rate. CPU per event is read from /proc for the database process and the service process over that drain.',
      tables: [sideBySide(options.commit, before, now)],
      notes: [],
    },
    options.out,
    checks,
  );
}
