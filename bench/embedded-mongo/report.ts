import type { BenchConfig } from './config';
import type { ScenarioResults } from './results';
import { formatBytes, formatCount, formatMs, formatRate, median } from '../shared/stats';
import { left, right, type Table } from '../shared/table';

function insertTable(results: ScenarioResults): Table {
  return {
    title: 'Inserts (acknowledged, journaled and fdatasync’ed before the reply)',
    columns: [
      left('Mode'),
      right('Docs'),
      right('Time'),
      right('Docs/s'),
      right('Ops/s'),
      right('p50/op'),
      right('p99/op'),
    ],
    rows: results.inserts.map(({ mode, docs, load }) => [
      load.timedOut ? `${mode} (time limit)` : mode,
      formatCount(docs),
      formatMs(load.seconds * 1000),
      formatRate(docs / load.seconds),
      formatRate(load.opsPerSecond),
      formatMs(load.latencyMs.p50),
      formatMs(load.latencyMs.p99),
    ]),
  };
}

function findTable(results: ScenarioResults): Table {
  return {
    title: 'Finds',
    columns: [left('Query'), right('Clients'), right('Ops'), right('Ops/s'), right('p50'), right('p99')],
    rows: results.finds.map(({ query, clients, load }) => [
      load.timedOut ? `${query} (time limit)` : query,
      String(clients),
      formatCount(load.ops),
      formatRate(load.opsPerSecond),
      formatMs(load.latencyMs.p50),
      formatMs(load.latencyMs.p99),
    ]),
  };
}

function planTable(results: ScenarioResults): Table {
  const seen = new Map(results.finds.map((f) => [f.query, f]));
  return {
    title: 'Query plans (explain executionStats of one query)',
    columns: [left('Query'), left('Winning plan'), right('Docs examined')],
    rows: [...seen.values()].map((f) => [f.query, f.plan, formatCount(f.docsExamined)]),
  };
}

function startupTable(results: ScenarioResults): Table {
  return {
    title: 'Start-up (spawn of `node cli.ts` to its ready line)',
    columns: [
      left('Data directory'),
      right('On disk'),
      left('Files'),
      right('Ready (median)'),
      right('Min'),
      right('Max'),
      right('Runs'),
      right('RSS after start'),
      right('Peak RSS'),
    ],
    rows: results.startups.map((s) => [
      s.state,
      formatBytes(s.diskBytes),
      s.files.join(', ') || '(none)',
      formatMs(median(s.readyMs)),
      formatMs(Math.min(...s.readyMs)),
      formatMs(Math.max(...s.readyMs)),
      String(s.readyMs.length),
      formatBytes(s.memory.rssBytes),
      formatBytes(s.memory.hwmBytes),
    ]),
  };
}

function memoryTable(results: ScenarioResults): Table {
  return {
    title: 'Server memory (child process, `/proc/<pid>/status`)',
    columns: [left('State'), right('RSS (VmRSS)'), right('Peak RSS (VmHWM)')],
    rows: results.memory.map((m) => [
      m.state,
      formatBytes(m.memory.rssBytes),
      formatBytes(m.memory.hwmBytes),
    ]),
  };
}

function oplogCostTable(results: ScenarioResults): Table {
  return {
    title: 'The oplog’s cost on plain inserts (insertOne, in flight as in the insert table; pairs alternate)',
    columns: [
      left('Server'),
      right('Pair'),
      right('Inserts/s'),
      right('p50'),
      right('p99'),
      right('Server CPU/insert'),
    ],
    rows: results.oplogCost.map(({ server, pair, load, serverCpuMsPerInsert }) => [
      server,
      String(pair + 1),
      formatRate(load.opsPerSecond),
      formatMs(load.latencyMs.p50),
      formatMs(load.latencyMs.p99),
      `${serverCpuMsPerInsert.toFixed(3)} ms`,
    ]),
  };
}

function changeEventTable(results: ScenarioResults): Table {
  return {
    title: 'Write → change event (insertOne sent → event received by every watcher; one write at a time)',
    columns: [left('Watchers'), right('Events'), right('p50'), right('p99'), right('max')],
    rows: results.changeEvents.map(({ watchers, events, latencyMs }) => [
      String(watchers),
      formatCount(events),
      formatMs(latencyMs.p50),
      formatMs(latencyMs.p99),
      formatMs(latencyMs.max),
    ]),
  };
}

function transactionTable(results: ScenarioResults): Table {
  return {
    title: 'Transactions (withTransaction: insert + upsert in two collections, committed)',
    columns: [
      left('In flight'),
      right('Committed'),
      right('Commits/s'),
      right('p50'),
      right('p99'),
      right('Server CPU/commit'),
    ],
    rows: results.transactions.map(({ load, serverCpuMsPerCommit }) => [
      String(load.concurrency),
      formatCount(load.ops),
      formatRate(load.opsPerSecond),
      formatMs(load.latencyMs.p50),
      formatMs(load.latencyMs.p99),
      `${serverCpuMsPerCommit.toFixed(3)} ms`,
    ]),
  };
}

export function resultTables(results: ScenarioResults): Table[] {
  return [
    oplogCostTable(results),
    changeEventTable(results),
    transactionTable(results),
    insertTable(results),
    findTable(results),
    planTable(results),
    startupTable(results),
    memoryTable(results),
  ];
}

/** The RESULTS.md header bullets about the run's sizes. */
export function reportDetails(config: BenchConfig): string[] {
  return [
    `Sizes: ${formatCount(config.posts)} posts by ${formatCount(config.authors)} authors; ` +
      `${formatCount(config.smallDocs)} small docs for start-up; ${formatCount(config.findOps)} ops per find run ` +
      `(${formatCount(config.scanOps)} for collection scans)`,
  ];
}

export const REPORT_METHOD =
  'The server runs in a child process (`node --import tsx`); the benchmark client is the official `mongodb` ' +
  'driver in the parent process, over loopback TCP, on the same machine (so client and server share the CPUs). ' +
  'Latencies are per operation as the driver sees them.';
