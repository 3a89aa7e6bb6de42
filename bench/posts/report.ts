import { formatBytes, formatCount, formatMs, formatRate } from '../shared/stats';
import { percentiles, readTable, timed } from '../shared/reads';
import { left, right, type Table } from '../shared/table';
import type { BenchConfig } from './config';
import type { ScenarioResults } from './results';
import type { Seeded } from './seed';

function depthTable(results: ScenarioResults, config: BenchConfig): Table {
  return {
    title: `Feed paging by depth (1 client, ${config.pageSize} posts a page)`,
    columns: [
      left('Posts before the page'),
      right('Cursor p50'),
      right('Cursor p95'),
      right('Page number'),
      right('Page p50'),
      right('Page p95'),
      right('Page ÷ cursor (p50)'),
    ],
    rows: results.depths.map(({ depth, cursor, page }) => [
      formatCount(depth),
      formatMs(cursor.latencyMs.p50),
      formatMs(cursor.latencyMs.p95),
      formatCount(depth / config.pageSize + 1),
      formatMs(page.latencyMs.p50),
      formatMs(page.latencyMs.p95),
      `${(page.latencyMs.p50 / cursor.latencyMs.p50).toFixed(1)}×`,
    ]),
  };
}

function writeTable(results: ScenarioResults): Table {
  return {
    title: 'Writes over HTTP',
    columns: [
      left('Request'),
      right('Clients'),
      right('Requests'),
      right('Failed'),
      right('Req/s'),
      right('p50'),
      right('p95'),
      right('p99'),
    ],
    rows: results.writes.map(({ write, clients, load, failed }) => [
      timed(write, load),
      String(clients),
      formatCount(load.ops),
      formatCount(failed),
      formatRate(load.opsPerSecond),
      ...percentiles(load.latencyMs),
    ]),
  };
}

function checkTable(results: ScenarioResults): Table {
  return {
    title: 'Checks',
    columns: [left('Check'), left('Result'), left('Detail')],
    rows: results.checks.map(({ check, ok, detail }) => [check, ok ? 'ok' : 'FAILED', detail]),
  };
}

function memoryTable(results: ScenarioResults): Table {
  return {
    title: 'Memory of the whole process (service, embedded database and benchmark client together)',
    columns: [left('State'), right('RSS'), right('Heap used after a full GC'), right('Peak RSS so far')],
    rows: results.memory.map((m) => [
      m.state,
      formatBytes(m.rssBytes),
      formatBytes(m.heapUsedBytes),
      formatBytes(m.maxRssBytes),
    ]),
  };
}

export function resultTables(results: ScenarioResults, config: BenchConfig): Table[] {
  return [
    readTable('Reads over HTTP', results.reads),
    depthTable(results, config),
    writeTable(results),
    checkTable(results),
    memoryTable(results),
  ];
}

/** The RESULTS.md header bullets about the data set. */
export function reportDetails(config: BenchConfig, seeded: Seeded | undefined): string[] {
  const sizes =
    `Data: ${formatCount(config.posts)} posts by ${formatCount(config.authors)} authors; one post ` +
    `(the ${formatCount(Math.floor(config.posts / 4))}th newest) with ${formatCount(config.bigPostLikes)} likes ` +
    `by distinct users and ${formatCount(config.bigPostComments)} comments`;
  if (!seeded) return [sizes];
  return [
    `${sizes}; ${formatCount(seeded.docs)} documents seeded with insertMany in batches of ` +
      `${formatCount(config.seedBatch)} in ${seeded.seconds.toFixed(1)} s`,
  ];
}

export const REPORT_METHOD =
  'The posts service (`services/posts/src`, started with `startService` as its tests do) and an in-memory ' +
  'embedded database server run in the benchmark process; data is seeded straight into the service’s ' +
  'collections with the `mongodb` driver, then the service is measured over HTTP on loopback with Node’s ' +
  '`fetch` (keep-alive), each request carrying a signed identity header as the gateway sends it. Latency is ' +
  'from sending the request to having read the whole body. Client, service and database share one process ' +
  'and the machine’s CPUs, so the memory figures are the whole process’s.';
