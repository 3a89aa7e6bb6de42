import type { Db } from 'mongodb';
import type { ReadResult } from '../shared/reads';
import type { Check } from '../shared/runner';
import type { LatencySummary } from '../shared/stats';
import type { BenchConfig } from './config';
import type { Member } from './http';
import type { Stack } from './stack';

/** What the scenarios measure; `report.ts` turns these into tables. */

export interface DeliveryResult {
  /** e.g. '1 instance'. */
  setup: string;
  /** Sockets each instance held (the gateway spreads them). */
  socketsPerInstance: number[];
  likes: number;
  delivered: number;
  /** The like over HTTP through the gateway (`PUT /api/posts/:id/like`, one at a time). */
  likeMs: LatencySummary;
  /** From the like's HTTP answer to the `notification` event on the recipient's socket. */
  deliveryMs: LatencySummary;
}

export interface ThroughputResult {
  events: number;
  writers: number;
  /** Recording every event into `post_events`. */
  recordSeconds: number;
  /** From the first event recorded to the last notification existing (`drain()` done). */
  totalSeconds: number;
  notifications: number;
}

export interface BroadcastResult {
  sockets: number;
  delivered: number;
  /** From recording the events to each socket's `notification`. */
  deliveryMs: LatencySummary;
}

export interface SocketMemorySample {
  state: string;
  sockets: number;
  rssBytes: number;
  /** Heap in use right after full garbage collections. */
  heapUsedBytes: number;
}

export interface SocketResult {
  sockets: number;
  connectSeconds: number;
  samples: SocketMemorySample[];
  broadcast?: BroadcastResult;
}

export type { ReadResult } from '../shared/reads';

/** A check the run makes; a failed one fails the run. */
export type CheckResult = Check;

export interface ScenarioResults {
  deliveries: DeliveryResult[];
  throughput: ThroughputResult[];
  sockets?: SocketResult;
  reads: ReadResult[];
  checks: CheckResult[];
  notes: string[];
}

export function emptyResults(): ScenarioResults {
  return { deliveries: [], throughput: [], reads: [], checks: [], notes: [] };
}

/** What every scenario gets: the sizes, the running back end and the members registered for the run. */
export interface Bench {
  config: BenchConfig;
  stack: Stack;
  /** The notifications service's database handle (every service shares the database). */
  db: Db;
  /** Registered through the gateway before the scenarios run. */
  members: Members;
  results: ScenarioResults;
}

export interface Members {
  /** Each has a connected socket during the delivery runs and `postsPerRecipient` posts. */
  recipients: Member[];
  /** The posts of `recipients[r]`, by index. */
  posts: string[][];
  /** One liker per delivery setup, so every like is a first like (a repeat notifies nobody). */
  likers: Member[];
  /** Whose likes the throughput run records. */
  streamer: Member;
  /** The one with the big inbox. */
  reader: Member;
}
