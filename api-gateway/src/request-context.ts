import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import {
  HttpError,
  IDENTITY_HEADER,
  INTERNAL_HEADER,
  REQUEST_ID_HEADER,
  requestLogger,
  type Logger,
  type Tracer,
} from '@devcircle/service-kit';
import type { Middleware } from 'koa';
import { gatewayRoute } from './metrics';
import { REVOKED_HEADER } from './proxy/proxy';

declare module 'koa' {
  interface DefaultState {
    requestId?: string;
    /** Use this, not `ctx.ip`: it honours TRUST_PROXY hops and cannot be set by the client. */
    clientIp?: string;
    logger?: Logger;
    /** The instance a proxied request went to (for the log line). */
    upstream?: string;
  }
}

/** Headers only the gateway may set, and hop-by-hop headers that must not travel on. */
const CLIENT_FORBIDDEN = [IDENTITY_HEADER, INTERNAL_HEADER, REVOKED_HEADER, 'keep-alive', 'proxy-connection'];

const VALID_REQUEST_ID = /^[\w-]{1,64}$/;

export interface Forwarding {
  requestId: string;
  /** The client's address: the socket's, or with trusted proxies the entry they vouch for. */
  clientIp: string;
}

/**
 * With `trustProxyHops` trusted proxies in front: the socket's address appended to their `x-forwarded-for` list,
 * and the client's address, the entry the nearest trusted proxy vouches for.
 */
function forwardedChain(req: IncomingMessage, address: string, trustProxyHops: number): string {
  const previous = req.headers['x-forwarded-for'];
  const chain = [
    ...(typeof previous === 'string' ? previous.split(',') : []).map((entry) => entry.trim()).filter(Boolean),
    address,
  ];
  // The last entry is the socket; each trusted proxy vouches for the one before it.
  req.headers['x-forwarded-for'] = chain.join(', ');
  return chain[Math.max(0, chain.length - 1 - trustProxyHops)];
}

/**
 * Makes a client request fit to forward: removes headers a client must not send, keeps or creates the request id,
 * and records the client address in `x-forwarded-for` (appended to a trusted load balancer's list, else replaced).
 * Used for plain requests and for upgrades alike.
 */
export function prepareForwarding(req: IncomingMessage, trustProxyHops: number): Forwarding {
  for (const header of CLIENT_FORBIDDEN) delete req.headers[header];
  const incoming = req.headers[REQUEST_ID_HEADER];
  const requestId = typeof incoming === 'string' && VALID_REQUEST_ID.test(incoming) ? incoming : randomUUID();
  req.headers[REQUEST_ID_HEADER] = requestId;

  const address = req.socket.remoteAddress ?? '';
  const clientIp = trustProxyHops > 0 ? forwardedChain(req, address, trustProxyHops) : address;
  // Without trusted proxies the client's own list is replaced by the socket's address (it is the client).
  if (trustProxyHops === 0) req.headers['x-forwarded-for'] = address;
  if (trustProxyHops === 0 || !req.headers['x-forwarded-proto']) {
    req.headers['x-forwarded-proto'] = 'encrypted' in req.socket && req.socket.encrypted ? 'https' : 'http';
  }
  return { requestId, clientIp };
}

/**
 * Prepares the request for forwarding (see above), then service-kit's request log line, with the upstream
 * instance and the user id when known. Never the token. With a `tracer` (spans exported) each request is a
 * SERVER span named by its route label (`GET proxy:posts`), the parent of the service's span.
 */
export function requestContext(logger: Logger, trustProxyHops: number, tracer?: Tracer): Middleware {
  const log = requestLogger(logger, {
    fields: (ctx) => ({
      ...(ctx.state.upstream ? { upstream: ctx.state.upstream } : {}),
      ...(ctx.state.identity ? { userId: ctx.state.identity.id } : {}),
    }),
    // The gateway starts or continues the W3C trace and forwards its own hop as the services' parent.
    forwardTrace: true,
    spans: tracer && {
      tracer,
      route: gatewayRoute,
      attributes: (ctx) => ({ 'devcircle.upstream': ctx.state.upstream }),
    },
  });
  return async (ctx, next) => {
    // The request id chosen here is in the request headers, so the log line and the upstream share it.
    ctx.state.clientIp = prepareForwarding(ctx.req, trustProxyHops).clientIp;
    await log(ctx, next);
  };
}

/**
 * Renders the gateway's own HttpErrors (401, 404, 413, 429, 502, 503, 504) in the one error shape. They are
 * expected outcomes, logged by the request line; anything else goes on to service-kit's handler.
 */
export const gatewayErrors: Middleware = async (ctx, next) => {
  try {
    await next();
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    ctx.respond = true;
    ctx.status = err.status;
    ctx.set(err.headers);
    ctx.body = err.toBody();
  }
};
