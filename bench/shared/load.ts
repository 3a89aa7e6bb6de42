import { performance } from 'node:perf_hooks';
import { summarize, type LatencySummary } from './stats';

export interface LoadOptions {
  /** Operations to run (operation `i` gets index i). */
  ops: number;
  /** Operations in flight at once. */
  concurrency: number;
  /** Stop starting new operations after this long, even if fewer than `ops` ran. */
  maxSeconds: number;
}

export interface LoadResult {
  ops: number;
  concurrency: number;
  seconds: number;
  opsPerSecond: number;
  latencyMs: LatencySummary;
  /** True when the time limit ended the run before all `ops` ran. */
  timedOut: boolean;
}

/**
 * Runs `op(0) … op(ops - 1)` with `concurrency` operations in flight, timing each one. Bounded by both the
 * operation count and the time limit.
 */
export async function runLoad(
  options: LoadOptions,
  op: (i: number) => Promise<unknown>,
): Promise<LoadResult> {
  const latencies = new Float64Array(options.ops);
  const deadline = performance.now() + options.maxSeconds * 1000;
  let next = 0;
  let done = 0;
  let timedOut = false;
  const worker = async (): Promise<void> => {
    while (next < options.ops) {
      if (performance.now() > deadline) {
        timedOut = true;
        return;
      }
      const i = next++;
      const t0 = performance.now();
      await op(i);
      latencies[i] = performance.now() - t0;
      done++;
    }
  };
  const started = performance.now();
  const workers = Math.max(1, Math.min(options.concurrency, options.ops));
  await Promise.all(Array.from({ length: workers }, worker));
  const seconds = (performance.now() - started) / 1000;
  return {
    ops: done,
    concurrency: options.concurrency,
    seconds,
    opsPerSecond: done / seconds,
    latencyMs: summarize(latencies.subarray(0, next)),
    timedOut,
  };
}
