import { collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import { BoundHistogram } from './histogram';

/**
 * One process's metrics (docs/observability.md): a registry of its own (tests run several services in one
 * process), the process's resources (prom-client's defaults: CPU, memory, heap, event loop delay, handles), HTTP
 * latency by method, route pattern and status, and event consumer lag. Names follow Prometheus' conventions
 * (seconds, `_total`); every series carries the process's `service` label.
 */
export interface ProcessMetrics {
  readonly registry: Registry;
  readonly httpDuration: BoundHistogram<'method' | 'route' | 'status'>;
  readonly consumerLag: BoundHistogram<'consumer'>;
}

/** Latency buckets in seconds: 1 ms to 10 s, finer where our requests are (a few ms). */
export const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10];
/** Consumer lag buckets in seconds: an event is normally handled within ms; an outage makes it minutes. */
export const LAG_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10, 60, 300];

export function createProcessMetrics(service: string): ProcessMetrics {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: registry });
  return {
    registry,
    httpDuration: new BoundHistogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP requests by method, matched route pattern and status: time to the last middleware',
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    }),
    consumerLag: new BoundHistogram({
      name: 'event_consumer_lag_seconds',
      help: "Seconds between an event's createdAt and its handling, by consumer",
      buckets: LAG_BUCKETS,
      registers: [registry],
    }),
  };
}

/** A gauge read when scraped (`read` runs only then): for what a process holds, at no cost per change. */
export function gaugeReadOnScrape(
  metrics: ProcessMetrics,
  spec: { name: string; help: string; read: () => number },
): void {
  new Gauge({
    name: spec.name,
    help: spec.help,
    registers: [metrics.registry],
    collect() {
      this.set(spec.read());
    },
  });
}
