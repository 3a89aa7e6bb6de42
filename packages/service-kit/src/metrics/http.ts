import type { Context, Middleware } from 'koa';
import type { Registry } from 'prom-client';
import type { BoundHistogram } from './histogram';

type HttpLabels = 'method' | 'route' | 'status';
type Observer = (value: number) => void;

/**
 * Observes each request's latency in `histogram` under `routeOf(ctx)`: a route pattern or a fixed name, never the
 * raw URL (one series per route, not per post id). Each label combination's child is looked up once and then
 * found by one string key, so a request costs a map lookup and the histogram's bucket walk.
 */
export function httpMetrics(
  histogram: BoundHistogram<HttpLabels>,
  routeOf: (ctx: Context) => string,
): Middleware {
  const children = new Map<string, Observer>();
  const observerFor = (method: string, route: string, status: number): Observer => {
    const key = `${method} ${status} ${route}`;
    let observe = children.get(key);
    if (!observe) {
      observe = histogram.child({ method, route, status });
      children.set(key, observe);
    }
    return observe;
  };
  return async (ctx, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      observerFor(ctx.method, routeOf(ctx), ctx.status)((performance.now() - started) / 1000);
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
