/** How big and how long the API benchmark runs: the full run, or `--quick` (smaller data, shorter runs). */
export interface ApiBenchConfig {
  quick: boolean;
  /** Posts behind the main comparisons (feed via the gateway, direct, raw, page 1000). */
  posts: number;
  /** The two data sets of the scale comparison (`--scale`): the same first page over each. */
  scalePosts: [number, number];
  authors: number;
  pageSize: number;
  /** The deep page of the page comparison (`?page=`). */
  deepPage: number;
  /** Connections autocannon keeps open (the 16). */
  connections: number;
  /** Seconds of each timed run, and the warm-up run before a round begins. */
  runSeconds: number;
  warmupSeconds: number;
  /** Seconds of the untimed run of the same target just before each timed run (equal warmth for every run). */
  settleSeconds: number;
  /** Seconds of the idle measurement (no load): what the parts spend per second on their own. */
  idleSeconds: number;
  /** Rounds: each runs every target once, forward in even rounds and backward in odd ones (even: balanced). */
  rounds: number;
}

export const FULL: ApiBenchConfig = {
  quick: false,
  posts: 100_000,
  scalePosts: [10_000, 1_000_000],
  authors: 10_000,
  pageSize: 10,
  deepPage: 1000,
  connections: 16,
  runSeconds: 4,
  warmupSeconds: 2,
  settleSeconds: 1,
  idleSeconds: 10,
  rounds: 6,
};

export const QUICK: ApiBenchConfig = {
  quick: true,
  posts: 10_000,
  scalePosts: [1_000, 100_000],
  authors: 1_000,
  pageSize: 10,
  deepPage: 100,
  connections: 16,
  runSeconds: 3,
  warmupSeconds: 1,
  settleSeconds: 1,
  idleSeconds: 3,
  rounds: 2,
};
