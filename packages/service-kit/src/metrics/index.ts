export { instrumentDatabase } from './database';
export { httpMetrics, matchedRoute, metricsEndpoint } from './http';
export { createProcessMetrics, LAG_BUCKETS, LATENCY_BUCKETS, type ProcessMetrics } from './registry';
