import Router from '@koa/router';
import { compressAnswers, errorHandler, HttpError, notFound, oneBodyReading } from '@devcircle/service-kit';
import type { RequestListener } from 'node:http';
import Koa, { type Middleware } from 'koa';
import { chain } from './compose';
import { readToken, requireToken } from './auth';
import { health, ready, status } from './health';
import { bodySizeLimit, rateLimit } from './limits';
import { clientErrors } from './client-errors';
import { fastReads } from './fast-reads';
import type { GatewayParts } from './parts';
import { gatewayMetrics } from './metrics';
import { gatewayErrors, requestContext } from './request-context';
import { routeOf, type Route } from './routes';
import { corsPolicy, securityHeaders, securityHeaderSteps, type SecurityHeadersFor } from './security';
import { remotesManifest, staticFiles } from './static';
import { LinkPreviews } from './static/link-preview';

const badPath = (): HttpError => new HttpError(400, 'Invalid request path', { code: 'BAD_REQUEST' });

/**
 * The gateway's Koa app. Outside in: request id and log line, error shapes, security headers, CORS, then one of
 * three ways — the gateway's own routes and static files, a proxied route (token, size, rate limit, forward), or
 * a 404 (`/internal`, unknown `/api` paths). `securityHeadersFor`: the gateway's one security-header list (shared
 * with the fast path for reads).
 */
export function createApp(
  parts: GatewayParts,
  securityHeadersFor: SecurityHeadersFor = securityHeaderSteps(parts.config),
): Koa {
  const { config, logger, pools, proxy, revocations, rateLimits } = parts;
  const app = new Koa();
  app.on('error', (err: Error) => logger.error({ err: err.message }, 'unhandled app error'));

  const local = new Router();
  local.get('/health', health);
  local.get('/ready', ready({ revocationsLoaded: parts.revocationsLoaded }));
  local.get(
    '/status',
    status({
      pools,
      timeoutMs: config.healthCheckTimeoutMs,
      production: config.production,
      revocationsLoaded: parts.revocationsLoaded,
      tls: config.upstreamTls,
    }),
  );
  local.get('/remotes.json', remotesManifest(config.remotes));
  const localChain = chain([
    local.routes() as Middleware,
    ...(config.static.enabled
      ? [
          staticFiles(
            config,
            new LinkPreviews({
              posts: pools.posts,
              internalSecret: config.internalSecret,
              tls: config.upstreamTls,
            }),
          ),
        ]
      : []),
  ]);

  const tokenOptions = {
    jwtSecret: config.jwtSecret,
    internalSecret: config.internalSecret,
    revocations,
    accepted: parts.acceptedTokens,
  };
  const token = readToken(tokenOptions);
  const socketToken = readToken(tokenOptions, { forward: false });
  const sizeLimit = bodySizeLimit(config.maxBodyBytes);
  const chains = new Map<string, Middleware>();
  const proxyChain = (route: Extract<Route, { kind: 'proxy' }>): Middleware => {
    const key = `${route.service}|${route.public}|${route.socket}|${route.limited ?? ''}`;
    let composed = chains.get(key);
    if (!composed) {
      const pool = pools[route.service];
      const timeoutMs = route.socket ? config.socketTimeoutMs : config.upstreamTimeoutMs;
      composed = chain([
        route.socket ? socketToken : token,
        ...(route.public ? [] : [requireToken]),
        oneBodyReading,
        sizeLimit,
        ...(route.limited ? [rateLimit(rateLimits, route.limited, config.maxBodyBytes)] : []),
        (ctx) => proxy.forward(ctx, { pool, timeoutMs, body: ctx.state.forwardBody }),
      ]);
      chains.set(key, composed);
    }
    return composed;
  };

  app.use(requestContext(logger, config.trustProxyHops, parts.tracing?.tracer));
  app.use(gatewayMetrics(parts.metrics));
  // The gateway's own JSON (status, errors) above 1 KB; proxied answers come compressed by their service.
  app.use(compressAnswers());
  app.use(errorHandler);
  app.use(gatewayErrors);
  app.use(securityHeaders(securityHeadersFor));
  app.use(corsPolicy(config.corsOrigins));
  app.use(clientErrors(rateLimits, logger));
  app.use(async (ctx, next) => {
    const route = routeOf(ctx.method, ctx.path);
    ctx.state.route = route;
    switch (route.kind) {
      case 'proxy':
        return proxyChain(route)(ctx, next);
      case 'local':
        return localChain(ctx, next);
      case 'bad-path':
        throw badPath();
      case 'not-found':
        throw notFound();
    }
  });
  return app;
}

/**
 * The gateway's request listener: a proxied read with an accepted token takes the fast path (fast-reads.ts), which
 * does the same work without Koa's machinery; every other request goes through the Koa app above.
 */
export function createRequestListener(parts: GatewayParts): RequestListener {
  // One helmet run per host for both ways in, not one each.
  const securityHeadersFor = securityHeaderSteps(parts.config);
  const koa = createApp(parts, securityHeadersFor).callback();
  const read = fastReads(parts, securityHeadersFor);
  return (req, res) => {
    if (!read(req, res)) void koa(req, res);
  };
}
