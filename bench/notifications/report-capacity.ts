import { percentiles } from '../shared/reads';
import { formatBytes, formatCount, formatMs, formatRate } from '../shared/stats';
import { left, right, type Table } from '../shared/table';
import type { CapacityResult, CapacityStep } from './results';

/** Issue 16's goal: sockets one instance holds within 1 GB of RSS. */
export const CAPACITY_GOAL = 50_000;

/** The highest RSS the instance had by this sample (RSS only grows back after a GC, the peak is what a limit sees). */
const peak = (s: CapacityStep) => Math.max(s.rssBytes, s.maxRssBytes);

export interface WithinLimit {
  /** The most sockets a step held with the peak RSS still under the limit (0 if none). */
  measured: number;
  /**
   * Where the peak RSS would reach the limit: on the line through the two steps around it, or, when no step
   * reached it, on from the last step at the steps' RSS per socket (least squares).
   */
  estimate: number;
  /** 'interpolated' when a step reached the limit (the estimate lies between two measured steps). */
  how: 'interpolated' | 'extrapolated';
}

export function socketsWithinLimit(result: CapacityResult): WithinLimit | undefined {
  const { steps, baseline, rssLimitBytes: limit } = result;
  const overAt = steps.findIndex((s) => peak(s) >= limit);
  const under = overAt < 0 ? steps : steps.slice(0, overAt);
  const lastUnder = under.at(-1);
  if (overAt >= 0) {
    const over = steps[overAt];
    const from = lastUnder ?? baseline;
    const slope = (peak(over) - peak(from)) / (over.sockets - from.sockets);
    return {
      measured: lastUnder?.sockets ?? 0,
      estimate: Math.round(from.sockets + (limit - peak(from)) / slope),
      how: 'interpolated',
    };
  }
  if (!lastUnder) return undefined;
  const slope = rssPerSocket(steps.length > 1 ? steps : [baseline, ...steps]);
  return {
    measured: lastUnder.sockets,
    estimate: Math.round(lastUnder.sockets + (limit - peak(lastUnder)) / slope),
    how: 'extrapolated',
  };
}

/** Peak RSS per socket along the samples: the least-squares slope (one step's figure alone is noisy). */
function rssPerSocket(samples: CapacityStep[]): number {
  const n = samples.length;
  const meanX = samples.reduce((sum, s) => sum + s.sockets, 0) / n;
  const meanY = samples.reduce((sum, s) => sum + peak(s), 0) / n;
  let covariance = 0;
  let variance = 0;
  for (const s of samples) {
    covariance += (s.sockets - meanX) * (peak(s) - meanY);
    variance += (s.sockets - meanX) ** 2;
  }
  return covariance / variance;
}

export function capacityStepsTable(result: CapacityResult): Table {
  const { baseline } = result;
  const per = (bytes: number, sockets: number) => (sockets > 0 ? formatBytes(bytes / sockets) : '–');
  const row = (s: CapacityStep, previous: CapacityStep | undefined) => [
    s.state,
    formatCount(s.sockets),
    s.requested > 0 ? `${s.connectSeconds.toFixed(1)} s` : '',
    s.requested > 0 ? formatRate(s.requested / s.connectSeconds) : '',
    formatBytes(s.rssBytes),
    formatBytes(s.maxRssBytes),
    formatBytes(s.heapUsedBytes),
    per(s.rssBytes - baseline.rssBytes, s.sockets),
    per(s.heapUsedBytes - baseline.heapUsedBytes, s.sockets),
    previous && s.sockets > previous.sockets
      ? per(s.rssBytes - previous.rssBytes, s.sockets - previous.sockets)
      : '',
    s.openFiles >= 0 ? formatCount(s.openFiles) : '',
    s.clientRssBytes === undefined ? '' : formatBytes(s.clientRssBytes),
    s.loadAverage.toFixed(2),
  ];
  return {
    title:
      'Capacity: one notifications instance (a child process of its own), sockets straight from ' +
      `${result.clientProcesses} client processes` +
      (result.whatIf ? ` — what-if \`${result.whatIf}\`` : ''),
    columns: [
      left('State'),
      right('Sockets held'),
      right('Connected in'),
      right('Sockets/s'),
      right('RSS'),
      right('Peak RSS'),
      right('Heap after GCs'),
      right('RSS/socket'),
      right('Heap/socket'),
      right('RSS/socket, this step'),
      right('Open files'),
      right('Clients’ RSS'),
      right('Load'),
    ],
    rows: [
      row(baseline, undefined),
      ...result.steps.map((s, i) => row(s, i === 0 ? baseline : result.steps[i - 1])),
      ...result.after.map((s) => row(s, undefined)),
    ],
  };
}

export function capacitySummaryTable(result: CapacityResult): Table {
  const limit = formatBytes(result.rssLimitBytes);
  const within = socketsWithinLimit(result);
  const last = result.steps.at(-1);
  const opened = result.steps.reduce((sum, s) => sum + s.requested - s.failed, 0);
  const connecting = result.steps.reduce((sum, s) => sum + s.connectSeconds, 0);
  const rows: string[][] = [];
  if (within) {
    rows.push(
      [`Sockets held with the peak RSS under ${limit} (measured)`, formatCount(within.measured)],
      [
        `Sockets at ${limit} of RSS (${within.how}: ${within.how === 'interpolated' ? 'between the two steps around the limit' : 'on from the last step at the steps’ RSS per socket, not measured'})`,
        `about ${formatCount(within.estimate)}`,
      ],
      [
        `Goal (issue 16): ≥ ${formatCount(CAPACITY_GOAL)} within ${limit}`,
        within.measured >= CAPACITY_GOAL
          ? 'met (measured)'
          : within.estimate >= CAPACITY_GOAL
            ? `not measured; ${within.how} figure says met`
            : `not met (${within.how} figure ${formatCount(within.estimate)})`,
      ],
    );
  }
  if (last) {
    rows.push(
      [
        `RSS per socket with ${formatCount(last.sockets)} (growth from the baseline ÷ sockets)`,
        formatBytes((last.rssBytes - result.baseline.rssBytes) / last.sockets),
      ],
      [
        `Heap per socket with ${formatCount(last.sockets)} (after full GCs)`,
        formatBytes((last.heapUsedBytes - result.baseline.heapUsedBytes) / last.sockets),
      ],
    );
  }
  rows.push(
    [
      `Connecting (${result.inFlight} handshakes in flight per client process)`,
      connecting > 0
        ? `${formatRate(opened / connecting)} sockets/s (${formatCount(opened)} in ${connecting.toFixed(0)} s)`
        : '–',
    ],
    ['Ramp ended because', result.stoppedBecause],
    [
      'Open-file limit of the instance',
      formatCount(result.openFileLimit) +
        (result.socketCap === undefined
          ? ''
          : ` (not raised further: that needs CAP_SYS_RESOURCE); at most ${formatCount(result.socketCap)} sockets`),
    ],
  );
  const pushed = result.push;
  if (pushed) {
    const [p50, p95, p99] = percentiles(pushed.deliveryMs);
    rows.push([
      `One like for each of ${formatCount(pushed.sockets)} sampled sockets’ users, recorded → pushed (${formatCount(pushed.delivered)} arrived once)`,
      `p50 ${p50}, p95 ${p95}, p99 ${p99}, max ${formatMs(pushed.deliveryMs.max)}`,
    ]);
  }
  rows.push(
    ['Sockets that ended before the clients closed them', formatCount(result.lost)],
    ['Client source addresses', result.sourceAddresses.join(', ')],
  );
  for (const error of result.errors.slice(0, 5)) rows.push(['Refused', error]);
  return {
    title: `Capacity: sockets one instance holds within ${limit} of RSS`,
    columns: [left('Figure'), right('Value')],
    rows,
  };
}
