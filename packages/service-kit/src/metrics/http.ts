import type { Context, Middleware } from 'koa';
import type { Registry } from 'prom-client';
import type { BoundHistogram } from './histogram';

type HttpLabels = 'method' | 'route' | 'status';

/** Observes one latency, in seconds. */
export type LatencyObserver = (seconds: number) => void;

/**
 * The series of `histogram` for a method, status and route, each label combination's child bound once and then
 * found by one string key: a request costs a map lookup and the histogram's bucket walk. Shared by `httpMetrics`
 * and callers without a Koa context (the gateway's fast path for reads).
 */
export function latencyObservers(
  histogram: BoundHistogram<HttpLabels>,
): (method: string, status: number, route: string) => LatencyObserver {
  const children = new Map<string, LatencyObserver>();
  return (method, status, route) => {
    const key = `${method} ${status} ${route}`;
    let observe = children.get(key);
    if (!observe) {
      observe = histogram.child({ method, route, status });
      children.set(key, observe);
    }
    return observe;
  };
}

/**
 * Observes each request's latency in `histogram` under `routeOf(ctx)`: a route pattern or a fixed name, never the
 * raw URL (one series per route, not per post id), through `latencyObservers`.
 */
export function httpMetrics(
  histogram: BoundHistogram<HttpLabels>,
  routeOf: (ctx: Context) => string,
): Middleware {
  const observerFor = latencyObservers(histogram);
  return async (ctx, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      observerFor(ctx.method, ctx.status, routeOf(ctx))((performance.now() - started) / 1000);
    }
  };
}

/** @koa/router's matched pattern (`/api/posts/:id`), or `unmatched` (a 404, a probe handled before the router). */
export function matchedRoute(ctx: Context): string {
  const matched = (ctx as Context & { _matchedRoute?: string | RegExp })._matchedRoute;
  return typeof matched === 'string' ? matched : 'unmatched';
}

/** GET /metrics in Prometheus' text format. */
export function metricsEndpoint(registry: Registry): Middleware {
  return async (ctx, next) => {
    if (ctx.path !== '/metrics' || ctx.method !== 'GET') return next();
    ctx.set('Content-Type', registry.contentType);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await registry.metrics();
  };
}
