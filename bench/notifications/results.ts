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
  /** From sending the like request to the `notification` event on the recipient's socket. */
  deliveryMs: LatencySummary;
}

export interface ThroughputResult {
  /**
   * 'live': recorded while the instance consumes; 'backlog': recorded while `notifications.posts` is stopped,
   * then handled by it started again (scenario-throughput.ts).
   */
  mode: 'live' | 'backlog';
  events: number;
  writers: number;
  /** Recording every event into `post_events`. */
  recordSeconds: number;
  /**
   * live: from the first event recorded to the last notification existing (`drain()` done); backlog: from the
   * consumer's start to the last notification existing (the handling alone).
   */
  totalSeconds: number;
  notifications: number;
  /**
   * Backlog only: CPU per event over the handling, read from /proc: the database's process, and this process
   * (the notifications instance, whose consumer is the only thing running in it then).
   */
  cpuPerEvent?: { databaseUs: number; serviceUs: number };
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

/** One point of the capacity ramp: the instance's memory with this many sockets (or a reference state). */
export interface CapacityStep {
  state: string;
  /** Sockets the instance's registry held when sampled. */
  sockets: number;
  /** Sockets asked for and refused in this step (0 for reference states). */
  requested: number;
  failed: number;
  /** Connecting this step's sockets (all client processes at once); 0 for reference states. */
  connectSeconds: number;
  rssBytes: number;
  maxRssBytes: number;
  /** Heap in use right after full garbage collections. */
  heapUsedBytes: number;
  /** File descriptors the instance had open (-1 if unknown). */
  openFiles: number;
  /** One-minute load average when sampled (2 shared cores: other work shows here). */
  loadAverage: number;
  /** Client processes' RSS, summed (not the subject; shows what the clients cost this machine). */
  clientRssBytes?: number;
}

export interface CapacityResult {
  clientProcesses: number;
  sourceAddresses: string[];
  inFlight: number;
  rssLimitBytes: number;
  /** The instance's open-file limit after asking for enough (CAP_SYS_RESOURCE decides whether it is granted). */
  openFileLimit: number;
  /** When that limit (or the clients') was below the largest step: the most sockets the ramp could ask for. */
  socketCap?: number;
  /** `BENCH_INSTANCE_WHAT_IF` when set (a proposed server change measured without making it). */
  whatIf?: string;
  /** The first sample (one socket opened and closed), the steps, then the reference states after them. */
  baseline: CapacityStep;
  steps: CapacityStep[];
  after: CapacityStep[];
  /** Why the ramp ended. */
  stoppedBecause: string;
  /** Refusals seen, with counts (first few kinds). */
  errors: string[];
  /** Sockets that ended without the client closing them, by the end of the run. */
  lost: number;
  push?: BroadcastResult;
}

export type { ReadResult } from '../shared/reads';

/** A check the run makes; a failed one fails the run. */
export type CheckResult = Check;

/** How fast a token revocation reaches every verifier (issue 16: within 100 ms) and cuts the token's socket. */
export interface RevocationResult {
  revocations: number;
  /** From just before auth's insert to the moment each gateway's list applied it. */
  gatewayA: LatencySummary;
  gatewayB: LatencySummary;
  /** To the client's `disconnect` (the notifications instance's list applied it and cut the socket). */
  socketCut: LatencySummary;
  socketsCut: number;
  /** The revoked tokens gateway B refused afterwards (401 TOKEN_REVOKED), of `revocations`. */
  refusedAfter: number;
}

export interface ScenarioResults {
  deliveries: DeliveryResult[];
  revocations?: RevocationResult;
  throughput: ThroughputResult[];
  sockets?: SocketResult;
  capacity?: CapacityResult;
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
