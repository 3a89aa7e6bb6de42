import type { LoadResult } from '../shared/load';
import type { LatencySummary } from '../shared/stats';
import type { ServerMemory } from './server-process';

/** What the scenarios measure; `report.ts` turns these into tables. */

export interface InsertResult {
  mode: string;
  /** Documents written in all (an insertMany operation writes a batch). */
  docs: number;
  load: LoadResult;
}

export interface FindResult {
  query: string;
  plan: string;
  docsExamined: number;
  clients: number;
  load: LoadResult;
}

export interface StartupResult {
  state: string;
  docs: number;
  diskBytes: number;
  files: string[];
  /** Spawn-to-ready times of each start, in ms. */
  readyMs: number[];
  /** Server memory right after the first start (and a document count to check it loaded everything). */
  memory: ServerMemory;
}

export interface MemorySample {
  state: string;
  memory: ServerMemory;
}

export interface OplogCostResult {
  server: string;
  pair: number;
  load: LoadResult;
  serverCpuMsPerInsert: number;
}

export interface ChangeEventResult {
  watchers: number;
  events: number;
  latencyMs: LatencySummary;
}

export interface TransactionResult {
  load: LoadResult;
  serverCpuMsPerCommit: number;
}

export interface ScenarioResults {
  oplogCost: OplogCostResult[];
  changeEvents: ChangeEventResult[];
  transactions: TransactionResult[];
  inserts: InsertResult[];
  finds: FindResult[];
  startups: StartupResult[];
  memory: MemorySample[];
  notes: string[];
}

export function emptyResults(): ScenarioResults {
  return {
    inserts: [],
    finds: [],
    startups: [],
    memory: [],
    notes: [],
    oplogCost: [],
    changeEvents: [],
    transactions: [],
  };
}
