/** How big each benchmark is: the full run (about 6 minutes on 2 cores) or `--quick` for a smoke check. */
export interface BenchConfig {
  quick: boolean;
  /** Posts inserted by each insert mode, and the collection the find benchmarks query. */
  posts: number;
  /** Distinct authors of those posts (a feed query returns one author's newest 20). */
  authors: number;
  /** In-flight insertOne operations for the concurrent insert mode. */
  insertConcurrency: number;
  insertManyBatch: number;
  /** Concurrent clients for the concurrent find runs. */
  findConcurrency: number;
  /** Operations per find benchmark (per client count); collection scans get far fewer. */
  findOps: number;
  scanOps: number;
  /** Small documents for the start-up benchmark, and their insertMany batch size. */
  smallDocs: number;
  smallBatch: number;
  /** Start-ups timed per data-directory state (the median is reported). */
  startRuns: number;
  /** Inserts per server in the oplog's before/after pairs, and how many pairs. */
  replicationInserts: number;
  replicationPairs: number;
  /** Writes whose change events are timed (each reaches every watcher). */
  replicationEvents: number;
  /** Transactions committed in the transaction benchmark. */
  replicationTransactions: number;
  /** Upper bound on any single timed phase; a phase that hits it reports how many operations it ran. */
  maxPhaseSeconds: number;
}

export const FULL: BenchConfig = {
  quick: false,
  posts: 100_000,
  authors: 1_000,
  insertConcurrency: 32,
  insertManyBatch: 1_000,
  findConcurrency: 16,
  findOps: 10_000,
  scanOps: 200,
  smallDocs: 1_000_000,
  smallBatch: 1_000,
  startRuns: 3,
  replicationInserts: 20_000,
  replicationPairs: 3,
  replicationEvents: 500,
  replicationTransactions: 5_000,
  maxPhaseSeconds: 60,
};

export const QUICK: BenchConfig = {
  quick: true,
  posts: 10_000,
  authors: 100,
  insertConcurrency: 32,
  insertManyBatch: 1_000,
  findConcurrency: 16,
  findOps: 500,
  scanOps: 20,
  smallDocs: 50_000,
  smallBatch: 1_000,
  startRuns: 1,
  replicationInserts: 2_000,
  replicationPairs: 1,
  replicationEvents: 50,
  replicationTransactions: 300,
  maxPhaseSeconds: 15,
};
