import type { RequestOptions } from 'node:https';
import { probe } from '@devcircle/service-kit';
import type { Middleware } from 'koa';
import { SERVICES } from './config';
import type { Pools } from './upstreams';

/** `/health`: the gateway process is alive (it does not depend on any service). */
export const health: Middleware = async (ctx) => {
  ctx.set('Cache-Control', 'no-store');
  ctx.body = { status: 'ok', service: 'gateway', uptime: Math.round(process.uptime()) };
};

interface InstanceReport {
  url?: string;
  status: 'ready' | 'unavailable' | 'unreachable';
  detail?: string;
}

/**
 * `/ready`: this gateway can take requests, which it can as soon as it listens. By design it does not depend on
 * the services: a load balancer's readiness probe must never pull every gateway out of rotation at once because
 * one service is down (the gateway answers that service's routes with a clear 502/503 meanwhile, and the others
 * normally). Whether the revocation list has loaded is shown, not required: without it tokens are still checked.
 */
export function ready(options: { revocationsLoaded: () => boolean }): Middleware {
  return async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = {
      status: 'ready',
      service: 'gateway',
      revocations: options.revocationsLoaded() ? 'loaded' : 'pending',
    };
  };
}

/**
 * `/status`: the whole system as this gateway sees it. Asks every instance of every service for its `/ready`, in
 * parallel, and summarises per service: 200 only when each service has at least one ready instance, else 503
 * (what `npm start` waits for before it says "running"). An instance that answers ready is put back in the
 * rotation at once. Instance URLs are shown outside production only.
 */
export function status(options: {
  pools: Pools;
  timeoutMs: number;
  production: boolean;
  revocationsLoaded: () => boolean;
  tls?: Pick<RequestOptions, 'ca'>;
}): Middleware {
  return async (ctx) => {
    const services = Object.fromEntries(
      await Promise.all(
        SERVICES.map(async (service) => {
          const instances = await Promise.all(
            options.pools[service].instances.map(async (instance): Promise<InstanceReport> => {
              const result = await probe(instance.url, '/ready', options.timeoutMs, {}, options.tls);
              const status =
                result.status === undefined ? 'unreachable' : result.status < 300 ? 'ready' : 'unavailable';
              if (status === 'ready' && instance.state !== 'up') options.pools[service].markUp(instance);
              const body = result.body as { database?: string } | undefined;
              const detail =
                result.error ??
                (status === 'unavailable'
                  ? body?.database === 'down'
                    ? 'database down'
                    : `answered ${result.status}`
                  : undefined);
              return {
                ...(options.production ? {} : { url: instance.url }),
                status,
                ...(detail ? { detail } : {}),
              };
            }),
          );
          const readyCount = instances.filter((instance) => instance.status === 'ready').length;
          return [
            service,
            {
              status: readyCount > 0 ? 'ready' : 'unavailable',
              ready: readyCount,
              total: instances.length,
              instances,
            },
          ] as const;
        }),
      ),
    );
    const allReady = Object.values(services).every((service) => service.status === 'ready');
    ctx.status = allReady ? 200 : 503;
    ctx.set('Cache-Control', 'no-store');
    ctx.body = {
      status: allReady ? 'ready' : 'unavailable',
      service: 'gateway',
      services,
      revocations: options.revocationsLoaded() ? 'loaded' : 'pending',
    };
  };
}
