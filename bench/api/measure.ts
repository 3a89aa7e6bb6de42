import autocannon from 'autocannon';
import type { ServerProcess } from '../embedded-mongo/server-process';
import { processCpuSeconds } from '../shared/proc';
import type { PartProcess } from './processes';
import { median } from '../shared/stats';

/** One thing to load: a URL, the headers to send, and the processes that do its work (their CPU is read). */
export interface Target {
  key: string;
  label: string;
  url: string;
  headers: Record<string, string>;
  parts: (PartProcess | { name: 'database'; process: ServerProcess })[];
}

/** One timed run of one target. */
export interface Run {
  requestsPerSecond: number;
  requests: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  /** CPU milliseconds per request, per process that served it (from /proc/<pid>/stat, before and after). */
  cpuMsPerRequest: Record<string, number>;
  /** The load generator's own CPU per request (this process, autocannon). */
  clientCpuMsPerRequest: number;
  /** Answers that were not 2xx, by status, and connection errors (timeouts included). */
  failures: { statuses: Record<string, number>; errors: number };
}

const partName = (part: Target['parts'][number]): string => part.name;
const partCpu = (part: Target['parts'][number]): number =>
  'pid' in part ? part.cpuSeconds() : processCpuSeconds(part.process.pid);

/**
 * Loads `target` with autocannon (`connections` keep-alive connections, one request in flight on each) for
 * `seconds`. Answers that are not 2xx and connection errors are counted (the report shows them and the run's
 * checks fail): throughput counts only the 2xx answers.
 */
export async function runTarget(target: Target, seconds: number, connections: number): Promise<Run> {
  const before = target.parts.map(partCpu);
  const clientBefore = process.cpuUsage();
  const result = await autocannon({
    url: target.url,
    headers: target.headers,
    connections,
    duration: seconds,
  });
  const client = process.cpuUsage(clientBefore);
  const after = target.parts.map(partCpu);
  const statuses: Record<string, number> = {};
  for (const [status, { count = 0 } = {}] of Object.entries(result.statusCodeStats ?? {}))
    if (!status.startsWith('2') && count > 0) statuses[status] = count;
  const requests = result['2xx'];
  const perRequest = (cpuSeconds: number) => (cpuSeconds * 1000) / Math.max(1, requests);
  return {
    requestsPerSecond: requests / result.duration,
    requests,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    cpuMsPerRequest: Object.fromEntries(
      target.parts.map((part, k) => [partName(part), perRequest(after[k] - before[k])]),
    ),
    clientCpuMsPerRequest: perRequest((client.user + client.system) / 1e6),
    failures: { statuses, errors: result.errors },
  };
}

/** The failed answers of a target's runs, e.g. `504 × 15, 2 errors`; empty when there were none. */
export function failuresOf(runs: Run[]): string {
  const statuses: Record<string, number> = {};
  let errors = 0;
  for (const run of runs) {
    errors += run.failures.errors;
    for (const [status, count] of Object.entries(run.failures.statuses))
      statuses[status] = (statuses[status] ?? 0) + count;
  }
  const parts = Object.entries(statuses).map(([status, count]) => `${status} × ${count}`);
  if (errors > 0) parts.push(`${errors} errors`);
  return parts.join(', ');
}

/** CPU milliseconds per second each part uses with no load at all over `seconds` (timers, health checks, streams). */
export async function idleCpu(parts: Target['parts'], seconds: number): Promise<Record<string, number>> {
  const before = parts.map(partCpu);
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  const after = parts.map(partCpu);
  return Object.fromEntries(
    parts.map((part, k) => [partName(part), ((after[k] - before[k]) * 1000) / seconds]),
  );
}

const QUIET_WINDOW_MS = 200;
/**
 * A part is quiet once it uses less than this share of one core over a window (its idle timers use about 1 %). /proc
 * counts in 10 ms ticks, so over 200 ms that is: not one tick.
 */
const QUIET_SHARE = 0.05;
const QUIET_MAX_MS = 5000;

/**
 * Waits until `parts` are quiet after a run: the requests still in flight when the load stopped, and the garbage
 * collection the run left due (V8 finishes its marking and sweeping on its own threads once the load stops), are
 * then done before the next run starts, uncharged to anyone. Without the wait a part measured just after another
 * run of its own paid that run's collections in its own figures, and a part measured after a long quiet spell did
 * not. At most `QUIET_MAX_MS`.
 */
export async function untilQuiet(parts: Target['parts']): Promise<void> {
  const deadline = Date.now() + QUIET_MAX_MS;
  let before = parts.map(partCpu);
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, QUIET_WINDOW_MS));
    const after = parts.map(partCpu);
    const busiest = Math.max(...after.map((cpu, k) => cpu - before[k]));
    if (busiest < (QUIET_SHARE * QUIET_WINDOW_MS) / 1000) return;
    before = after;
  }
}

/** Every target's runs, by key, in the order they ran. */
export type Runs = Map<string, Run[]>;

/**
 * The order of round `round`'s runs, as indexes into the targets: forward in even rounds, backward in odd ones
 * (A B C, C B A, A B C, …). Over an even number of rounds every target then sits at the same mean position, so a
 * drift of the shared machine's load through a round falls on every target alike, and of any two targets each
 * runs first as often as the other, so neither always runs just after the other has loaded the machine.
 */
export function roundOrder(count: number, round: number): number[] {
  const forward = Array.from({ length: count }, (_, k) => k);
  return round % 2 === 0 ? forward : forward.reverse();
}

/**
 * Alternating runs: `rounds` rounds, each running every target once in `roundOrder`. One untimed warm-up run of
 * each target first (JIT, connection pools, the caches), and before every timed run an untimed settle run of
 * `settleSeconds` of the same target: each run then starts with its own processes just loaded (heap sized,
 * sockets open, code hot), whatever ran before it and however long its processes sat idle (bench/api/README.md,
 * "A fair side by side").
 */
export async function alternate(
  targets: Target[],
  options: {
    rounds: number;
    seconds: number;
    warmupSeconds: number;
    settleSeconds: number;
    connections: number;
  },
  onRun?: (target: Target, run: Run) => void,
): Promise<Runs> {
  for (const target of targets) {
    await runTarget(target, options.warmupSeconds, options.connections);
    await untilQuiet(target.parts);
  }
  const runs: Runs = new Map(targets.map((target) => [target.key, []]));
  for (let round = 0; round < options.rounds; round++) {
    for (const k of roundOrder(targets.length, round)) {
      const target = targets[k];
      if (options.settleSeconds > 0) await runTarget(target, options.settleSeconds, options.connections);
      const run = await runTarget(target, options.seconds, options.connections);
      await untilQuiet(target.parts);
      runs.get(target.key)?.push(run);
      onRun?.(target, run);
    }
  }
  return runs;
}

/** The median of the round-by-round ratios of `a`'s requests per second to `b`'s (runs of a round are paired). */
export function pairedRatio(runs: Runs, a: string, b: string): { median: number; min: number; max: number } {
  const as = runs.get(a) ?? [];
  const bs = runs.get(b) ?? [];
  const ratios = as.map((run, k) => run.requestsPerSecond / bs[k].requestsPerSecond);
  return { median: median(ratios), min: Math.min(...ratios), max: Math.max(...ratios) };
}

/** A target's median requests per second, latencies and CPU per request over its runs. */
export function summary(runs: Run[]) {
  const parts = Object.keys(runs[0]?.cpuMsPerRequest ?? {});
  return {
    requestsPerSecond: median(runs.map((run) => run.requestsPerSecond)),
    latencyP50Ms: median(runs.map((run) => run.latencyP50Ms)),
    latencyP99Ms: median(runs.map((run) => run.latencyP99Ms)),
    cpuMsPerRequest: Object.fromEntries(
      parts.map((part) => [part, median(runs.map((run) => run.cpuMsPerRequest[part]))]),
    ),
    clientCpuMsPerRequest: median(runs.map((run) => run.clientCpuMsPerRequest)),
  };
}
