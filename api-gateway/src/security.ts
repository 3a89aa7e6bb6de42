import type { IncomingMessage, ServerResponse } from 'node:http';
import cors from '@koa/cors';
import { HttpError } from '@devcircle/service-kit';
import helmet from 'helmet';
import type { Middleware } from 'koa';
import { REMOTES, type GatewayConfig } from './config';

/** Origins of remotes configured as absolute URLs (a team hosting its remote elsewhere): scripts load from there. */
function remoteOrigins(remotes: GatewayConfig['remotes']): string[] {
  const origins = new Set<string>();
  for (const name of REMOTES) {
    const url = remotes[name].url;
    if (/^https?:\/\//i.test(url)) origins.add(new URL(url).origin);
  }
  return [...origins];
}

/** `ws://host` and `wss://host` of the page's own host, for browsers whose `'self'` does not cover websockets. */
function websocketSelf(req: IncomingMessage): string {
  const host = req.headers.host ?? '';
  return /^[a-z0-9.-]+(:\d+)?$|^\[[0-9a-f:.]+\](:\d+)?$/i.test(host) ? `ws://${host} wss://${host}` : '';
}

/** A header helmet sets (with its value) or removes (undefined). */
export type HeaderStep = [name: string, value: string | number | readonly string[] | undefined];

/** Hosts whose headers are kept (a site has one or two); past that a host's headers are made per request. */
const HOSTS_KEPT = 64;

/**
 * Runs helmet's (synchronous) middleware once against a response that only records, for a request from `req`'s
 * host: the headers it sets and removes, in order.
 */
function recordHelmet(apply: ReturnType<typeof helmet>, req: IncomingMessage): HeaderStep[] {
  const steps: HeaderStep[] = [];
  const recorder = {
    setHeader: (name: string, value: HeaderStep[1]) => steps.push([name, value]),
    removeHeader: (name: string) => steps.push([name, undefined]),
  };
  let finished = false;
  apply(req, recorder as never, (err?: unknown) => {
    if (err) throw err;
    finished = true;
  });
  if (!finished) throw new Error('helmet did not finish synchronously');
  return steps;
}

/**
 * Helmet's headers with a CSP for the composed app: everything from the gateway's own origin (plus any remote
 * hosted elsewhere), inline styles allowed (the UI's style attributes), websockets to the same host, no plugins,
 * no framing. No `upgrade-insecure-requests`: the single-machine mode is served over plain HTTP.
 *
 * The headers depend on nothing but the request's Host (the CSP's websocket source), so helmet makes them once
 * per host and each request gets the recorded list: making the policy string and going through helmet's
 * middleware on every request was about 2 % of the gateway's CPU per proxied request. Returns the list for a
 * request; the gateway makes one (app.ts) for the Koa middleware below and the fast path for reads alike.
 */
export function securityHeaderSteps(config: Pick<GatewayConfig, 'remotes'>): SecurityHeadersFor {
  const remotes = remoteOrigins(config.remotes);
  const apply = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'", ...remotes],
        'script-src-attr': ["'none'"],
        'style-src': ["'self'", "'unsafe-inline'", ...remotes],
        'img-src': ["'self'", 'data:', 'blob:', 'https:'],
        'font-src': ["'self'", 'data:', ...remotes],
        'connect-src': ["'self'", (req) => websocketSelf(req as IncomingMessage), ...remotes],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
      },
    },
    frameguard: { action: 'deny' },
  });
  const byHost = new Map<string, HeaderStep[]>();
  return (req) => {
    const host = req.headers.host ?? '';
    let steps = byHost.get(host);
    if (!steps) {
      steps = recordHelmet(apply, req);
      if (byHost.size < HOSTS_KEPT) byHost.set(host, steps);
    }
    return steps;
  };
}

/** Sets (or removes) the security headers on an answer not yet sent. */
export function applySecurityHeaders(res: ServerResponse, steps: readonly HeaderStep[]): void {
  for (const [name, value] of steps) {
    if (value === undefined) res.removeHeader(name);
    else res.setHeader(name, value);
  }
}

/** Which security headers an answer gets (`securityHeaderSteps`): one per gateway, its per-host cache shared. */
export type SecurityHeadersFor = (req: IncomingMessage) => readonly HeaderStep[];

/** The security headers on every answer of the Koa app, from the gateway's one `securityHeaderSteps`. */
export function securityHeaders(stepsFor: SecurityHeadersFor): Middleware {
  return async (ctx, next) => {
    applySecurityHeaders(ctx.res, stepsFor(ctx.req));
    await next();
  };
}

/**
 * CORS for the configured origins only (none by default: the web app is same-origin). Other origins get no CORS
 * headers, and their preflights a 403, so a browser never lets them read an answer.
 */
export function corsPolicy(allowed: string[]): Middleware {
  const origins = new Set(allowed);
  const policy = cors({
    origin: (ctx) => (origins.has(ctx.get('origin')) ? ctx.get('origin') : ''),
    allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowHeaders: ['Authorization', 'Content-Type', 'X-Request-Id'],
    exposeHeaders: ['X-Request-Id', 'Retry-After'],
    maxAge: 600,
  });
  return async (ctx, next) => {
    const origin = ctx.get('origin');
    const preflight = ctx.method === 'OPTIONS' && ctx.get('access-control-request-method') !== '';
    if (preflight && origin && !origins.has(origin)) {
      ctx.vary('Origin');
      throw new HttpError(403, 'This origin is not allowed', { code: 'FORBIDDEN' });
    }
    return policy(ctx, next);
  };
}
