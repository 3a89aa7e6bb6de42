import type { Logger, ProcessMetrics, RevocationList, Tracing } from '@devcircle/service-kit';
import type { AcceptedTokens } from './auth';
import type { GatewayConfig } from './config';
import type { RateLimits } from './limits';
import type { Proxy } from './proxy';
import type { Pools } from './upstreams';

/** What the gateway's request handling is made of: the Koa app (app.ts) and the fast path for reads (fast-reads.ts). */
export interface GatewayParts {
  config: GatewayConfig;
  logger: Logger;
  pools: Pools;
  proxy: Proxy;
  revocations: RevocationList;
  rateLimits: RateLimits;
  /** Tokens accepted so far (every route's token check shares them). */
  acceptedTokens: AcceptedTokens;
  revocationsLoaded(): boolean;
  /** The process's metrics: request latency by route and status (served on their own listener, metrics.ts). */
  metrics: ProcessMetrics;
  /** The OpenTelemetry spans it exports, when the OTEL_* settings turn them on (docs/observability.md). */
  tracing?: Tracing;
}
