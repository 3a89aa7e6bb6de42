import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  BoundedMap,
  continueTrace,
  formatTraceparent,
  HttpError,
  IDENTITY_HEADER,
  latencyObservers,
  parseTraceparent,
  REQUEST_ID_HEADER,
  requestMs,
  TRACEPARENT_HEADER,
  writeRequestLine,
  type Logger,
} from '@devcircle/service-kit';
import { rememberedToken } from './auth';
import { routeLabel } from './metrics';
import type { Exchange } from './proxy';
import { pendingHeaders, setPendingHeaders, withValue, type PendingHeaders } from './proxy/pending-headers';
import { prepareForwarding } from './request-context';
import { routeOf } from './routes';
import { securityHeaderSteps, type HeaderStep, type SecurityHeadersFor } from './security';
import type { Pools } from './upstreams';
import type { GatewayParts } from './parts';

/** Where a read goes: its service's pool and the route's metrics label. */
interface ReadRoute {
  pool: Pools[keyof Pools];
  label: string;
}

/** A read the fast path takes: its path (as Koa's `ctx.path`), its route and the caller's remembered token. */
interface Read {
  path: string;
  route: ReadRoute;
  identityHeader: string;
  userId: string;
}

/** Paths whose route is remembered (a client asks for the same few again and again); past that the oldest goes. */
const ROUTES_KEPT = 1000;

/** A path Koa's `ctx.path` reads as it is (printable ASCII, no `#`): anything else takes Koa's path. */
const PLAIN_PATH = /^\/[!$-~]*$/;

/** What the Koa app's compression and CORS middleware leave on every answer to a request without `Origin`. */
const VARY = 'Accept-Encoding, Origin';

/** Koa's status before anything answers: the one logged when the client leaves first. */
const NO_ANSWER_STATUS = 404;

/** The request's state as the proxy sees it; the request's child logger is made only if something logs with it. */
class ReadState {
  upstream?: string;
  private child?: Logger;

  constructor(
    private readonly base: Logger,
    private readonly requestId: string,
    private readonly traceId: string,
  ) {}

  get logger(): Logger {
    this.child ??= this.base.child({ requestId: this.requestId, traceId: this.traceId });
    return this.child;
  }
}

/**
 * The gateway's own error shape, written as the Koa app writes it (gatewayErrors, then Koa's JSON body): the
 * status, the error's headers, `application/json; charset=utf-8` with its length; no body for HEAD. Nothing when
 * the answer has begun or the client has gone (Koa's `ctx.writable`).
 */
function sendError(req: IncomingMessage, res: ServerResponse, err: HttpError): void {
  if (res.headersSent || res.writableEnded || res.destroyed) return;
  res.statusCode = err.status;
  for (const [name, value] of Object.entries(err.headers)) res.setHeader(name, value);
  const body = JSON.stringify(err.toBody());
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(body));
  if (req.method === 'HEAD') res.end();
  else res.end(body);
}

/**
 * The fast path for the requests that are nearly all of the gateway's traffic: a proxied GET or HEAD without a
 * body, with a token the gateway has already accepted and that is still current. It does what the Koa app does for
 * such a request — request id, forwarded-for, the trace's hop, security headers, `Vary`, the signed identity, the
 * proxy with its failover and error shapes, the log line and the latency histogram — with the route decided once,
 * the header lists made once, and no Koa context or middleware chain (koa-compose, delegates, on-finished, a pino
 * child logger per request).
 *
 * Returns false, having changed nothing, for anything else: a body or body headers, an `Origin` (CORS), a path
 * Koa would read differently, a local, socket, rate-limited or unknown route, no token or one not yet accepted
 * (the 401s and the full check stay in `auth/`), spans exported (OTEL_*: the Koa path makes them). The Koa app
 * answers those. `securityHeadersFor`: the gateway's one security-header list, shared with the Koa app.
 */
export function fastReads(
  parts: Pick<
    GatewayParts,
    'config' | 'logger' | 'pools' | 'proxy' | 'revocations' | 'acceptedTokens' | 'metrics' | 'tracing'
  >,
  securityHeadersFor: SecurityHeadersFor = securityHeaderSteps(parts.config),
): (req: IncomingMessage, res: ServerResponse) => boolean {
  const { config, logger, pools, proxy, revocations, acceptedTokens, metrics } = parts;
  if (parts.tracing?.tracer) return () => false;
  const observerFor = latencyObservers(metrics.httpDuration);
  // The answer's own headers as the Koa path sets them — `X-Request-Id` (its value per request), `Vary`, then
  // helmet's (its removals do nothing on an answer not begun) — made once per security-header list (one per host).
  const ownHeaders = new WeakMap<readonly HeaderStep[], PendingHeaders>();
  const ownHeadersOf = (req: IncomingMessage, requestId: string): PendingHeaders => {
    const steps = securityHeadersFor(req);
    let template = ownHeaders.get(steps);
    if (!template) {
      const set = steps.filter((step): step is [string, NonNullable<HeaderStep[1]>] => step[1] !== undefined);
      template = pendingHeaders([[REQUEST_ID_HEADER, ''], ['Vary', VARY], ...set]);
      ownHeaders.set(steps, template);
    }
    return withValue(template, 0, requestId);
  };
  const timeoutMs = config.upstreamTimeoutMs;
  // A GET and a HEAD route alike (routeOf tells methods apart only for POST and PUT): the path is the key.
  const routes = new BoundedMap<string, ReadRoute | null>(ROUTES_KEPT);
  const readRouteOf = (method: string, path: string): ReadRoute | null => {
    let known = routes.get(path);
    if (known === undefined) {
      const route = routeOf(method, path);
      known =
        route.kind === 'proxy' && !route.socket && !route.limited
          ? { pool: pools[route.service], label: routeLabel(route) }
          : null;
      routes.set(path, known);
    }
    return known;
  };

  const readOf = (req: IncomingMessage): Read | undefined => {
    const { method, headers } = req;
    if (method !== 'GET' && method !== 'HEAD') return undefined;
    if (
      headers['content-length'] !== undefined ||
      headers['transfer-encoding'] !== undefined ||
      headers['content-encoding'] !== undefined ||
      headers['content-type'] !== undefined ||
      headers.origin !== undefined
    )
      return undefined;
    const url = req.url ?? '';
    const query = url.indexOf('?');
    const path = query < 0 ? url : url.slice(0, query);
    if (!PLAIN_PATH.test(path)) return undefined;
    const route = readRouteOf(method, path);
    if (!route) return undefined;
    const token = rememberedToken(headers.authorization, acceptedTokens, revocations);
    if (!token) return undefined;
    return { path, route, identityHeader: token.identityHeader, userId: token.identity.id };
  };

  const serve = async (req: IncomingMessage, res: ServerResponse, read: Read): Promise<void> => {
    res.statusCode = NO_ANSWER_STATUS;
    prepareForwarding(req, config.trustProxyHops);
    const requestId = req.headers[REQUEST_ID_HEADER] as string;
    const trace = continueTrace(parseTraceparent(req.headers[TRACEPARENT_HEADER] as string | undefined));
    req.headers[TRACEPARENT_HEADER] = formatTraceparent(trace);
    req.headers[IDENTITY_HEADER] = read.identityHeader;

    const state = new ReadState(logger, requestId, trace.traceId);
    // The answer's own headers wait for the service's, to go out with them in one writeHead.
    const pending = ownHeadersOf(req, requestId);
    const exchange: Exchange = { req, res, state, pending };
    const started = performance.now();
    try {
      await proxy.forward(exchange, { pool: read.route.pool, timeoutMs });
    } catch (err) {
      if (!(err instanceof HttpError)) state.logger.error({ err }, 'unhandled error');
      const error =
        err instanceof HttpError
          ? err
          : new HttpError(500, 'Internal server error', { code: 'INTERNAL_ERROR' });
      // The gateway's own headers afresh: the service's may have joined `pending` before the answer failed.
      if (!res.headersSent) setPendingHeaders(res, ownHeadersOf(req, requestId));
      sendError(req, res, error);
    }
    const elapsed = performance.now() - started;
    const status = res.statusCode;
    // The Koa path's line (service-kit's requestLogger), with the ids its child logger would have bound.
    writeRequestLine(logger, {
      requestId,
      traceId: trace.traceId,
      method: req.method as string,
      path: read.path,
      status,
      ms: requestMs(elapsed),
      upstream: state.upstream, // pino leaves out an undefined field, as the Koa path leaves it out
      userId: read.userId,
    });
    observerFor(req.method as string, status, read.route.label)(elapsed / 1000);
  };

  const failed = (err: unknown): void => {
    logger.error({ err: err instanceof Error ? err.message : String(err) }, 'unhandled app error');
  };

  return (req, res) => {
    const read = readOf(req);
    if (!read) return false;
    serve(req, res, read).catch(failed);
    return true;
  };
}
