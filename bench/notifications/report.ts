import { formatBytes, formatCount, formatMs, formatRate } from '../shared/stats';
import { percentiles, readTable } from '../shared/reads';
import { left, right, type Table } from '../shared/table';
import type { BenchConfig } from './config';
import { capacityStepsTable, capacitySummaryTable } from './report-capacity';
import type { ScenarioResults, SocketResult } from './results';
import { revocationTable } from './scenario-revocations';

function deliveryTable(results: ScenarioResults): Table {
  return {
    title: 'Delivery: like sent over HTTP → `notification` on the recipient’s socket (through the gateway)',
    columns: [
      left('Setup'),
      right('Sockets per instance'),
      right('Likes'),
      right('Delivered'),
      right('Like p50'),
      right('Delivery p50'),
      right('p95'),
      right('p99'),
      right('max'),
    ],
    rows: results.deliveries.map((d) => [
      d.setup,
      d.socketsPerInstance.join(' + '),
      formatCount(d.likes),
      formatCount(d.delivered),
      formatMs(d.likeMs.p50),
      ...percentiles(d.deliveryMs),
      formatMs(d.deliveryMs.max),
    ]),
  };
}

function throughputTable(results: ScenarioResults): Table {
  return {
    title: 'Throughput: like events in `post_events` → notifications (one instance)',
    columns: [
      left('Events'),
      left('Consumer'),
      right('Writers'),
      right('Recorded in'),
      right('Recorded/s'),
      right('All notifications after'),
      right('Events/s'),
      right('Notifications'),
      right('CPU/event: database'),
      right('service'),
    ],
    rows: results.throughput.map((t) => [
      formatCount(t.events),
      t.mode === 'live' ? 'live (from 1st record)' : 'backlog (from its start)',
      String(t.writers),
      `${t.recordSeconds.toFixed(1)} s`,
      formatRate(t.events / t.recordSeconds),
      `${t.totalSeconds.toFixed(2)} s`,
      formatRate(t.events / t.totalSeconds),
      formatCount(t.notifications),
      t.cpuPerEvent ? `${t.cpuPerEvent.databaseUs.toFixed(0)} µs` : '',
      t.cpuPerEvent ? `${t.cpuPerEvent.serviceUs.toFixed(0)} µs` : '',
    ]),
  };
}

function listTable(results: ScenarioResults, config: BenchConfig): Table {
  return readTable(
    `List reads: GET /api/notifications through the gateway, ${formatCount(config.inbox)} notifications`,
    results.reads,
  );
}

function socketMemoryTable(sockets: SocketResult): Table {
  return {
    title: 'Sockets: memory of one notifications instance (a child process of its own)',
    columns: [left('State'), right('Sockets held'), right('RSS'), right('Heap used after full GCs')],
    rows: sockets.samples.map((s) => [
      s.state,
      formatCount(s.sockets),
      formatBytes(s.rssBytes),
      formatBytes(s.heapUsedBytes),
    ]),
  };
}

/** Per socket: the growth from the baseline to all sockets connected, divided by the sockets. */
function perSocketTable(sockets: SocketResult): Table {
  const [base, held] = sockets.samples;
  const per = (bytes: number) => formatBytes(bytes / sockets.sockets);
  const rows = [
    ['Heap per socket', per(held.heapUsedBytes - base.heapUsedBytes)],
    ['RSS per socket', per(held.rssBytes - base.rssBytes)],
    [
      'Connecting through the gateway',
      `${formatRate(sockets.sockets / sockets.connectSeconds)} sockets/s (${sockets.connectSeconds.toFixed(1)} s)`,
    ],
  ];
  const pushed = sockets.broadcast;
  if (pushed) {
    const [p50, p95, p99] = percentiles(pushed.deliveryMs);
    rows.push([
      `One like for each socket’s user, recorded → pushed (${formatCount(pushed.delivered)} of ${formatCount(pushed.sockets)})`,
      `p50 ${p50}, p95 ${p95}, p99 ${p99}, max ${formatMs(pushed.deliveryMs.max)}`,
    ]);
  }
  return {
    title: `Per socket (${formatCount(sockets.sockets)} sockets)`,
    columns: [left('Figure'), right('Value')],
    rows,
  };
}

function checkTable(results: ScenarioResults): Table {
  return {
    title: 'Checks',
    columns: [left('Check'), left('Result'), left('Detail')],
    rows: results.checks.map(({ check, ok, detail }) => [check, ok ? 'ok' : 'FAILED', detail]),
  };
}

export function resultTables(results: ScenarioResults, config: BenchConfig): Table[] {
  return [
    deliveryTable(results),
    ...(results.revocations ? [revocationTable(results.revocations)] : []),
    throughputTable(results),
    listTable(results, config),
    ...(results.sockets ? [socketMemoryTable(results.sockets), perSocketTable(results.sockets)] : []),
    ...(results.capacity
      ? [capacityStepsTable(results.capacity), capacitySummaryTable(results.capacity)]
      : []),
    checkTable(results),
  ];
}

/** The RESULTS.md header bullets about the sizes (of the scenarios that ran: `names`, as run.ts names them). */
export function reportDetails(config: BenchConfig, names?: string[]): string[] {
  const capacity = config.capacity;
  const all: [string, string][] = [
    [
      'delivery',
      `Delivery: ${config.recipients} recipients with one socket each, ${config.postsPerRecipient} posts each, ` +
        `every post liked once per setup (${formatCount(config.recipients * config.postsPerRecipient)} likes), ` +
        `timed from sending the like; two instances hold ${formatCount(config.deliverySockets)} sockets ` +
        `(the recipients' and idle ones), with change streams and with the MongoDB adapter`,
    ],
    [
      'throughput',
      `Throughput: bursts of ${config.eventRuns.map(formatCount).join(', ')} like events, one after the other, ` +
        `${config.eventWriters} writers recording at once; each burst ` +
        (config.backlogOnly ? '' : 'live (consumed while recorded) and then ') +
        `as a backlog (recorded with \`notifications.posts\` stopped, timed from its restart)`,
    ],
    [
      'revocations',
      `Revocations: ${formatCount(config.revocations)} tokens with a socket each through a second gateway, revoked one ` +
        `at a time as auth records it (an insert into \`token_revocations\`), no request through either gateway`,
    ],
    [
      'list reads',
      `List: ${formatCount(config.inbox)} notifications of one reader (seeded with insertMany), ` +
        `${formatCount(config.readOps)} requests per row`,
    ],
    [
      'sockets',
      `Sockets: ${formatCount(config.sockets)} connected through a gateway, ${config.socketBatch} handshakes at a time`,
    ],
    [
      'capacity',
      `Capacity: steps of ${capacity.steps.map(formatCount).join(', ')} sockets straight to one instance (no gateway), ` +
        `from ${capacity.clientProcesses} client processes on their own loopback addresses, ${capacity.inFlight} ` +
        `handshakes in flight each, until the instance's RSS reaches ${formatBytes(capacity.rssLimitBytes)}; ` +
        `one notification to ${formatCount(capacity.pushSample)} of them at the end`,
    ],
  ];
  return all.filter(([name]) => !names || names.includes(name)).map(([, detail]) => detail);
}

export const REPORT_METHOD =
  'The embedded database runs in a child process of its own (its CLI, on disk, as `npm start` runs it); auth, ' +
  'posts, users, the notifications service (`startService`, as the tests start them) and the gateway ' +
  '(`startGateway`) run in the benchmark process on free ports, together with the ' +
  'clients: Node’s `fetch` (keep-alive) with bearer tokens and `socket.io-client` (websocket only, ' +
  '`auth: { token }`), all through the gateway. Members are registered and posts published through the ' +
  'gateway; likes go through the real posts service, which records the events the notifications service ' +
  'consumes. The throughput run records events with `recordEvent` as the posts service does, and the list ' +
  'run seeds its inbox straight into `notifications`. The socket memory is one notifications instance in a ' +
  'child process of its own (heap after full GCs, RSS), so it is the service’s alone. Everything shares the ' +
  'machine’s CPUs and the in-process figures one event loop, so latencies include the other parts’ work. ' +
  'The capacity run (only with `--capacity` or `--only capacity`) connects real socket.io clients from other ' +
  'child processes straight to such an instance, without a gateway, each client process from its own ' +
  'loopback source address.';
