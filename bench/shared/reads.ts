import type { LoadResult } from './load';
import { formatCount, formatMs, formatRate, type LatencySummary } from './stats';
import { left, right, type Table } from './table';

/** One timed run of a read request. */
export interface ReadResult {
  request: string;
  clients: number;
  load: LoadResult;
  /** Response body size in bytes (the same for every request of the run). */
  bytes: number;
}

/** A row label, marked when the run stopped at its time limit. */
export const timed = (label: string, load: LoadResult): string =>
  load.timedOut ? `${label} (time limit)` : label;

export const percentiles = (ms: LatencySummary): string[] => [
  formatMs(ms.p50),
  formatMs(ms.p95),
  formatMs(ms.p99),
];

/** The reads of a benchmark: request, clients, rate, latency percentiles and answer size. */
export function readTable(title: string, reads: readonly ReadResult[]): Table {
  return {
    title,
    columns: [
      left('Request'),
      right('Clients'),
      right('Requests'),
      right('Req/s'),
      right('p50'),
      right('p95'),
      right('p99'),
      right('Response'),
    ],
    rows: reads.map(({ request, clients, load, bytes }) => [
      timed(request, load),
      String(clients),
      formatCount(load.ops),
      formatRate(load.opsPerSecond),
      ...percentiles(load.latencyMs),
      `${formatCount(bytes)} B`,
    ]),
  };
}
