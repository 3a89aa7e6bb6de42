import type {
  ConnectionCheckedInEvent,
  ConnectionCheckedOutEvent,
  ConnectionCheckOutFailedEvent,
  MongoClient,
} from 'mongodb';
import { Counter, Gauge, type Registry } from 'prom-client';
import { BoundHistogram } from './histogram';
import { LATENCY_BUCKETS } from './registry';

/**
 * The driver's connection pool, from its CMAP events (emitted whatever the options): connections open and in
 * use, check-out failures, and how long an operation holds its connection (check-out to check-in: the command's
 * round trip, a cursor's each getMore). Not `monitorCommands`: its events build a copy of each command and reply
 * document on every command, a cost every request would pay; the held time is the latency we want per operation
 * and needs one map entry per connection in use.
 */
export function instrumentDatabase(client: MongoClient, registry: Registry): void {
  const held = new BoundHistogram({
    name: 'mongodb_operation_duration_seconds',
    help: 'How long an operation holds its pooled connection (check-out to check-in)',
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  }).child({});
  const wait = new BoundHistogram({
    name: 'mongodb_pool_checkout_wait_seconds',
    help: 'How long an operation waited for a pooled connection (a full pool makes this grow)',
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  }).child({});
  const failures = new Counter({
    name: 'mongodb_pool_checkout_failures_total',
    help: 'Connection check-outs that failed, by reason',
    labelNames: ['reason'],
    registers: [registry],
  });
  let open = 0;
  const checkedOut = new Map<number, number>();
  new Gauge({
    name: 'mongodb_pool_connections',
    help: 'Pooled connections, by state (in use by an operation, or idle)',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      this.set({ state: 'in_use' }, checkedOut.size);
      this.set({ state: 'idle' }, Math.max(0, open - checkedOut.size));
    },
  });
  client.on('connectionCreated', () => (open += 1));
  client.on('connectionClosed', () => (open = Math.max(0, open - 1)));
  client.on('connectionCheckedOut', (event: ConnectionCheckedOutEvent) => {
    checkedOut.set(event.connectionId as number, performance.now());
    wait(event.durationMS / 1000);
  });
  client.on('connectionCheckedIn', (event: ConnectionCheckedInEvent) => {
    const id = event.connectionId as number;
    const since = checkedOut.get(id);
    if (since === undefined) return;
    checkedOut.delete(id);
    held((performance.now() - since) / 1000);
  });
  client.on('connectionCheckOutFailed', (event: ConnectionCheckOutFailedEvent) =>
    failures.inc({ reason: String(event.reason) }),
  );
}
