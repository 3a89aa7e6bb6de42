export { instrumentDatabase } from './database';
export { BoundHistogram } from './histogram';
export { httpMetrics, latencyObservers, matchedRoute, metricsEndpoint, type LatencyObserver } from './http';
export {
  createProcessMetrics,
  gaugeReadOnScrape,
  LAG_BUCKETS,
  LATENCY_BUCKETS,
  type ProcessMetrics,
} from './registry';
