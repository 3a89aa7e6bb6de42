/**
 * The capacity run (`--capacity`, `--only capacity`): sockets straight to one instance in a child process, from
 * several client processes, each on its own loopback source address, ramped up in steps until `rssLimitBytes`.
 */
export interface CapacityConfig {
  /** Sockets held after each step, ascending; the ramp stops early at the RSS limit or a refused socket. */
  steps: number[];
  /** Client processes (source addresses 127.0.0.2, 127.0.0.3, …); each holds an equal share. */
  clientProcesses: number;
  /** Handshakes in flight per client process. */
  inFlight: number;
  /** Sockets that get one notification at the end, to show they are live. */
  pushSample: number;
  rssLimitBytes: number;
  /** The whole capacity run stops ramping after this long. */
  maxSeconds: number;
}

/** How big the notifications benchmark is: the full run (about 5 minutes on 2 shared cores) or `--quick`. */
export interface BenchConfig {
  quick: boolean;
  /** Delivery: recipients (each with one socket), posts each of them has, liked by one actor per setup. */
  recipients: number;
  postsPerRecipient: number;
  /**
   * Throughput: runs of like events recorded straight into `post_events` (distinct recipients), smallest first
   * (the consumers' look-back makes the rate depend on the backlog), and how many are recorded at once.
   */
  eventRuns: number[];
  eventWriters: number;
  /** `--backlog-only`: no live bursts (they take most of the scenario's time at the recording's pace). */
  backlogOnly: boolean;
  /** Sockets held at once through the gateway for the memory figure, connected this many at a time. */
  sockets: number;
  /** Revocations, one at a time, each timed to both gateways' lists and to its socket's disconnect. */
  revocations: number;
  socketBatch: number;
  /** List reads: the reader's notifications, the depth of the deep page, requests per measurement. */
  inbox: number;
  deepPosition: number;
  readOps: number;
  readConcurrency: number;
  /** insertMany batch size for seeding. */
  seedBatch: number;
  /** Upper bound on any timed run; a run that hits it reports how many requests it made. */
  maxPhaseSeconds: number;
  /** How long to wait for the last notification of a delivery run before counting the rest as lost. */
  deliveryTimeoutMs: number;
  /** Delivery with two instances: sockets held through the gateway, the recipients' and idle ones. */
  deliverySockets: number;
  capacity: CapacityConfig;
}

const GiB = 1024 ** 3;

export const FULL: BenchConfig = {
  quick: false,
  recipients: 40,
  postsPerRecipient: 5,
  eventRuns: [1_000, 5_000, 20_000],
  eventWriters: 8,
  backlogOnly: false,
  sockets: 1_000,
  revocations: 200,
  socketBatch: 50,
  inbox: 10_000,
  deepPosition: 5_000,
  readOps: 1_000,
  readConcurrency: 16,
  seedBatch: 1_000,
  maxPhaseSeconds: 15,
  deliveryTimeoutMs: 10_000,
  deliverySockets: 2_000,
  capacity: {
    steps: [5_000, 10_000, 15_000, 20_000, 30_000, 40_000, 50_000, 60_000],
    clientProcesses: 4,
    inFlight: 25,
    pushSample: 200,
    rssLimitBytes: GiB,
    maxSeconds: 900,
  },
};

export const QUICK: BenchConfig = {
  quick: true,
  recipients: 10,
  postsPerRecipient: 2,
  eventRuns: [100, 1_000],
  eventWriters: 8,
  backlogOnly: false,
  sockets: 200,
  revocations: 20,
  socketBatch: 50,
  inbox: 10_000,
  deepPosition: 5_000,
  readOps: 100,
  readConcurrency: 16,
  seedBatch: 1_000,
  maxPhaseSeconds: 5,
  deliveryTimeoutMs: 10_000,
  deliverySockets: 200,
  capacity: {
    steps: [1_000, 2_000],
    clientProcesses: 2,
    inFlight: 25,
    pushSample: 50,
    rssLimitBytes: GiB,
    maxSeconds: 120,
  },
};
