import { formatCount, formatRate } from '../shared/stats';
import { left, right, type Table } from '../shared/table';
import type { ApiBenchConfig } from './config';
import { failuresOf, pairedRatio, summary, type Runs, type Target } from './measure';
import type { ProfileShare } from './profile';

/** The goals (issue 17), in one place: the report marks each as met or missed. */
export const GOALS = {
  gatewayOverDirect: 0.8,
  feedOverRaw: 0.1,
  feedOverRawStretch: 0.25,
  feedCpuMs: 1.5,
  gatewayCpuMs: 0.3,
} as const;

const ms = (value: number) => (value >= 10 ? value.toFixed(1) : value.toFixed(3));
const ratio = (value: number) => value.toFixed(2);
const verdict = (ok: boolean) => (ok ? 'met' : '**missed**');

export interface Measured {
  config: ApiBenchConfig;
  targets: Target[];
  runs: Runs;
  /** The scale comparison's targets and runs (`--scale`). */
  scale?: { targets: Target[]; runs: Runs };
  gatewayProfile?: { byOwner: ProfileShare[]; byFunction: ProfileShare[] };
  postsProfile?: { byOwner: ProfileShare[]; byFunction: ProfileShare[] };
  /** CPU ms per second of each part with no load (measured after the rounds). */
  idle: Record<string, number>;
}

const cpuOf = (runs: Runs, key: string, part?: string): number => {
  const cpu = summary(runs.get(key) ?? []).cpuMsPerRequest;
  return part ? (cpu[part] ?? NaN) : Object.values(cpu).reduce((sum, value) => sum + value, 0);
};

/** The figures against the goals, first: what the README quotes. */
export function goalsTable(measured: Measured): Table {
  const { runs, config } = measured;
  const gw = pairedRatio(runs, 'gateway', 'direct');
  const raw = pairedRatio(runs, 'gateway', 'raw');
  const deep = pairedRatio(runs, 'gateway-deep', 'gateway');
  const range = (r: { min: number; max: number }) => `${ratio(r.min)}–${ratio(r.max)}`;
  const feedCpu = cpuOf(runs, 'gateway');
  const gatewayCpu = cpuOf(runs, 'gateway', 'gateway');
  const rows = [
    [
      'feed first page: via gateway ÷ direct to posts (req/s)',
      ratio(gw.median),
      range(gw),
      `≥ ${GOALS.gatewayOverDirect}`,
      verdict(gw.median >= GOALS.gatewayOverDirect),
    ],
    ...(runs.has('undici-proxy-feed')
      ? [
          [
            'the same via a minimal undici proxy (no gateway work) ÷ direct (req/s): the most any proxy in Node reaches here',
            ratio(pairedRatio(runs, 'undici-proxy-feed', 'direct').median),
            range(pairedRatio(runs, 'undici-proxy-feed', 'direct')),
            '',
            '',
          ],
          [
            "that minimal undici proxy's CPU per feed page, ms",
            ms(cpuOf(runs, 'undici-proxy-feed', 'minimal undici proxy to posts')),
            '',
            '',
            '',
          ],
        ]
      : []),
    [
      'feed first page via gateway ÷ raw Node server, same bytes (req/s)',
      ratio(raw.median),
      range(raw),
      `≥ ${GOALS.feedOverRaw} (stretch ${GOALS.feedOverRawStretch})`,
      raw.median >= GOALS.feedOverRawStretch ? 'met, stretch too' : verdict(raw.median >= GOALS.feedOverRaw),
    ],
    [
      `page ${config.deepPage} ÷ page 1 via gateway (req/s)`,
      ratio(deep.median),
      range(deep),
      'none set',
      '—',
    ],
    [
      'CPU per feed page, all processes (gateway + posts + database), ms',
      ms(feedCpu),
      '',
      `≤ ${GOALS.feedCpuMs}`,
      verdict(feedCpu <= GOALS.feedCpuMs),
    ],
    [
      'gateway CPU per proxied feed page, ms',
      ms(gatewayCpu),
      '',
      `≤ ${GOALS.gatewayCpuMs}`,
      verdict(gatewayCpu <= GOALS.gatewayCpuMs),
    ],
    [
      'gateway CPU per proxied request in front of the raw server (the upstream answers at once), ms',
      ms(cpuOf(runs, 'gateway-raw', 'gateway')),
      '',
      `≤ ${GOALS.gatewayCpuMs}`,
      verdict(cpuOf(runs, 'gateway-raw', 'gateway') <= GOALS.gatewayCpuMs),
    ],
    [
      "a minimal Node proxy's CPU per request in front of the raw server (the floor under the gateway), ms",
      ms(cpuOf(runs, 'proxy-raw', 'minimal node proxy')),
      '',
      '',
      '',
    ],
    [
      "a minimal undici proxy's CPU per request in front of the raw server (the floor with undici as the client), ms",
      ms(cpuOf(runs, 'undici-proxy-raw', 'minimal undici proxy')),
      '',
      '',
      '',
    ],
    [
      'the raw server through the gateway ÷ the raw server direct (req/s)',
      ratio(pairedRatio(runs, 'gateway-raw', 'raw').median),
      range(pairedRatio(runs, 'gateway-raw', 'raw')),
      'none set',
      '—',
    ],
  ];
  if (measured.runs.has('direct-uncached')) {
    const cache = pairedRatio(runs, 'direct', 'direct-uncached');
    rows.push([
      'feed first page direct to posts: feed cache on ÷ off (req/s)',
      ratio(cache.median),
      range(cache),
      'none set',
      '—',
    ]);
    rows.push([
      'CPU per feed page direct to posts (posts + database), ms: cache on / off',
      `${ms(cpuOf(runs, 'direct'))} / ${ms(cpuOf(runs, 'direct-uncached'))}`,
      '',
      '',
      '',
    ]);
  }
  if (measured.runs.has('baseline')) {
    const base = pairedRatio(runs, 'gateway', 'baseline');
    rows.push([
      'feed via this gateway and posts ÷ via the baseline gateway and posts (req/s)',
      ratio(base.median),
      range(base),
      '',
      '',
    ]);
    rows.push([
      'baseline gateway CPU per proxied feed page, ms',
      ms(cpuOf(runs, 'baseline', 'baseline gateway')),
      '',
      '',
      '',
    ]);
    const direct = pairedRatio(runs, 'direct', 'baseline-direct');
    rows.push([
      'feed direct to posts ÷ direct to the baseline posts (req/s)',
      ratio(direct.median),
      range(direct),
      '',
      '',
    ]);
    rows.push([
      'baseline posts CPU per cached feed page (direct), ms',
      ms(cpuOf(runs, 'baseline-direct', 'baseline posts')),
      '',
      '',
      '',
    ]);
    rows.push([
      'baseline gateway CPU per proxied request in front of the raw server, ms',
      ms(cpuOf(runs, 'baseline-raw', 'baseline gateway')),
      '',
      '',
      '',
    ]);
  }
  if (measured.scale) {
    const [small, large] = config.scalePosts;
    const scale = pairedRatio(measured.scale.runs, `posts-${large}`, `posts-${small}`);
    rows.push([
      `feed first page direct to posts: ${formatCount(large)} posts ÷ ${formatCount(small)} (req/s)`,
      ratio(scale.median),
      range(scale),
      'none set',
      '—',
    ]);
  }
  return {
    title: 'Against the goals (issue 17)',
    columns: [left('measure'), right('median'), right('rounds'), left('goal'), left('')],
    rows,
  };
}

/** Every target: throughput, latency and CPU per request by process (medians over the rounds). */
export function targetsTable(title: string, targets: Target[], runs: Runs): Table {
  const names = [...new Set(targets.flatMap((target) => target.parts.map((part) => part.name)))];
  return {
    title,
    columns: [
      left('target'),
      right('req/s'),
      right('p50 ms'),
      right('p99 ms'),
      ...names.map((name) => right(`${name} CPU ms/req`)),
      right('total CPU ms/req'),
      right('load generator CPU ms/req'),
      left('failed answers'),
    ],
    rows: targets.map((target) => {
      const s = summary(runs.get(target.key) ?? []);
      const total = Object.values(s.cpuMsPerRequest).reduce((sum, value) => sum + value, 0);
      return [
        target.label,
        formatRate(s.requestsPerSecond),
        s.latencyP50Ms.toFixed(1),
        s.latencyP99Ms.toFixed(1),
        ...names.map((name) => (name in s.cpuMsPerRequest ? ms(s.cpuMsPerRequest[name]) : '')),
        ms(total),
        ms(s.clientCpuMsPerRequest),
        failuresOf(runs.get(target.key) ?? []) || 'none',
      ];
    }),
  };
}

/** What each part spends per second with no load, and what that adds to a feed page at the measured rate. */
export function idleTable(measured: Measured): Table {
  const feed = summary(measured.runs.get('gateway') ?? []);
  return {
    title: 'Idle: CPU with no load (timers, health checks, change streams)',
    columns: [left('process'), right('CPU ms/s'), right('per feed page at the measured rate, ms')],
    rows: Object.entries(measured.idle).map(([name, msPerSecond]) => [
      name,
      msPerSecond.toFixed(1),
      name in feed.cpuMsPerRequest ? ms(msPerSecond / feed.requestsPerSecond) : '',
    ]),
  };
}

/** Each round's requests per second, target by target (the pairs the ratios come from). */
export function roundsTable(title: string, targets: Target[], runs: Runs): Table {
  const rounds = runs.get(targets[0].key)?.length ?? 0;
  return {
    title,
    columns: [left('round'), ...targets.map((target) => right(target.key))],
    rows: Array.from({ length: rounds }, (_, k) => [
      String(k + 1),
      ...targets.map((target) => formatRate(runs.get(target.key)?.[k]?.requestsPerSecond ?? NaN)),
    ]),
  };
}

export function profileTables(part: string, profile: NonNullable<Measured['gatewayProfile']>): Table[] {
  const rows = (shares: ProfileShare[]) =>
    shares.map((share) => [share.name, share.ms.toFixed(0), `${(share.share * 100).toFixed(1)} %`]);
  return [
    {
      title: `${part} CPU profile (--profile-${part.toLowerCase()}): self time by package or source folder`,
      columns: [left('where'), right('ms'), right('share of busy time')],
      rows: rows(profile.byOwner),
    },
    {
      title: `${part} CPU profile: self time by function`,
      columns: [left('function'), right('ms'), right('share of busy time')],
      rows: rows(profile.byFunction),
    },
  ];
}

export const METHOD =
  'Each part runs as its own process, as `npm start` runs it (`node --import tsx <entry>`: the embedded ' +
  "database's CLI on disk, the posts service, the gateway at LOG_LEVEL=info with rate limits counted in the " +
  'database; log lines go to /dev/null), and a raw Node http server answers the bytes the posts service sent ' +
  'for the first page. The parts other than the database start with V8’s young generation at its loaded size ' +
  '(`--min-semi-space-size=16`), so that a part idle between its runs does not shrink it and pay for growing ' +
  'it back in its next run. autocannon (in the benchmark process) keeps 16 connections busy, one request in ' +
  'flight on each, without `Accept-Encoding` (so the answers are the plain ~10 KB JSON). Runs alternate: every ' +
  'round runs each target once, forward in even rounds and backward in odd ones, the targets a ratio compares ' +
  'next to each other, each timed run just after an untimed settle run of the same target, and after each run ' +
  'the benchmark waits until its processes are quiet (what the run left to do is not charged to the next); ' +
  'a ratio is the median of the rounds’ paired ratios (its range across rounds next to it). CPU is read from ' +
  '/proc/<pid>/stat (utime + stime) of each process before and after each run and divided by the requests ' +
  'answered; the table shows the medians. The machine is shared: compare ratios, not absolute figures, ' +
  'across runs (bench/api/README.md, "A fair side by side").';
