import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  closeServer,
  httpMetrics,
  reachableHost,
  readInteger,
  type Logger,
  type ProcessMetrics,
} from '@devcircle/service-kit';
import type { Context, Middleware } from 'koa';
import type { Route } from './routes';

declare module 'koa' {
  interface DefaultState {
    /** Where the request went (set by the app's dispatch), for the latency histogram's route label. */
    route?: Route;
    /** A route label set by a gateway endpoint of its own (client-errors). */
    metricsRoute?: string;
  }
}

/**
 * The route label of a gateway request: which way it went, never the URL — `proxy:<service>` (with the rate
 * limited route's name), `socket:notifications`, `local` (health, status, the web app's files), `not-found`,
 * `bad-path`, `client-errors`, or `gateway` for what the gateway answered before choosing (a CORS preflight).
 */
export function gatewayRoute(ctx: Context): string {
  return ctx.state.metricsRoute ?? routeLabel(ctx.state.route);
}

/** The label of a route the dispatch chose (see `gatewayRoute`). */
export function routeLabel(route: Route | undefined): string {
  if (!route) return 'gateway';
  if (route.kind !== 'proxy') return route.kind;
  if (route.socket) return `socket:${route.service}`;
  return route.limited ? `proxy:${route.service}:${route.limited}` : `proxy:${route.service}`;
}

export function gatewayMetrics(metrics: ProcessMetrics): Middleware {
  return httpMetrics(metrics.httpDuration, gatewayRoute);
}

export interface MetricsListener {
  port: number;
  url: string;
  stop(): Promise<void>;
}

/** `METRICS_PORT` (unset: no metrics listener; 0: a free port) and `METRICS_HOST` (default 127.0.0.1). */
export function metricsSettings(env: NodeJS.ProcessEnv): { port?: number; host: string } {
  const host = env.METRICS_HOST || '127.0.0.1';
  if (env.METRICS_PORT === undefined || env.METRICS_PORT === '') return { host };
  return { port: readInteger(env, 'METRICS_PORT', 0), host };
}

/**
 * `/metrics` on a listener of its own, never on the public one (the gateway faces the internet: its metrics
 * name its routes and load). `METRICS_PORT` turns it on (0: a free port); `METRICS_HOST` is 127.0.0.1 unless set
 * (0.0.0.0 in a container, where Prometheus scrapes from another one; the port is not published).
 */
export async function listenForMetrics(
  metrics: ProcessMetrics,
  env: NodeJS.ProcessEnv,
  logger: Logger,
): Promise<MetricsListener | undefined> {
  const { port, host } = metricsSettings(env);
  if (port === undefined) return undefined;
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    metrics.registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
      (err: unknown) => {
        logger.error({ err: err instanceof Error ? err.message : String(err) }, 'metrics collection failed');
        res.writeHead(500).end();
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const bound = (server.address() as AddressInfo).port;
  logger.info({ port: bound, host }, 'gateway metrics listening');
  return {
    port: bound,
    url: `http://${reachableHost(host)}:${bound}`,
    stop: () => closeServer(server, 1000),
  };
}
