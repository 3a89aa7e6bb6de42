import type { IncomingMessage } from 'node:http';
import cors from '@koa/cors';
import { HttpError } from '@devcircle/service-kit';
import type { Middleware } from 'koa';
import helmet from 'koa-helmet';
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

/**
 * Helmet's headers with a CSP for the composed app: everything from the gateway's own origin (plus any remote
 * hosted elsewhere), inline styles allowed (the UI's style attributes), websockets to the same host, no plugins,
 * no framing. No `upgrade-insecure-requests`: the single-machine mode is served over plain HTTP.
 */
export function securityHeaders(config: Pick<GatewayConfig, 'remotes'>): Middleware {
  const remotes = remoteOrigins(config.remotes);
  return helmet({
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
