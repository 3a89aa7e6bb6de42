import type { Db } from 'mongodb';
import type { LoadResult } from '../shared/load';
import type { ReadResult } from '../shared/reads';
import type { Check } from '../shared/runner';
import type { BenchConfig } from './config';
import type { Seeded } from './seed';

/** What the scenarios measure; `report.ts` turns these into tables. */

export type { ReadResult } from '../shared/reads';

export interface DepthResult {
  /** Posts newer than the page. */
  depth: number;
  cursor: LoadResult;
  page: LoadResult;
}

export interface WriteResult {
  write: string;
  clients: number;
  load: LoadResult;
  /** Requests that did not answer as the contract says (counted, not thrown, so the checks still run). */
  failed: number;
}

/** A check the run makes; a failed one fails the run. */
export type CheckResult = Check;

export interface MemorySample {
  state: string;
  rssBytes: number;
  /** Heap in use right after a full garbage collection. */
  heapUsedBytes: number;
  /** Peak RSS of the process so far (getrusage maxrss). */
  maxRssBytes: number;
}

export interface ScenarioResults {
  reads: ReadResult[];
  depths: DepthResult[];
  writes: WriteResult[];
  checks: CheckResult[];
  memory: MemorySample[];
  notes: string[];
}

export function emptyResults(): ScenarioResults {
  return { reads: [], depths: [], writes: [], checks: [], memory: [], notes: [] };
}

/** What every scenario gets: the sizes, the running service, its database handle and the seeded data. */
export interface Bench {
  config: BenchConfig;
  baseUrl: string;
  db: Db;
  seeded: Seeded;
  results: ScenarioResults;
}
