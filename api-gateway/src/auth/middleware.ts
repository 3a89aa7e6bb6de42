import type { IncomingMessage } from 'node:http';
import {
  checkBearer,
  encodeIdentity,
  IDENTITY_HEADER,
  unauthorized,
  type HttpError,
  type RevocationList,
  type TokenCheck,
} from '@devcircle/service-kit';
import type { Middleware } from 'koa';

declare module 'koa' {
  interface DefaultState {
    tokenError?: HttpError;
  }
}

export interface TokenOptions {
  jwtSecret: string;
  internalSecret: string;
  revocations: RevocationList;
}

/**
 * Checks the request's bearer token with service-kit's `checkBearer` (the check the socket handshake makes too)
 * and, when it is valid and `forward` is on, sets the signed identity header that the services trust (any copy
 * the client sent was removed before). Undefined when the request has no `Authorization` header.
 */
export async function applyToken(
  req: IncomingMessage,
  options: TokenOptions,
  forward = true,
): Promise<TokenCheck | undefined> {
  const check = await checkBearer(req.headers.authorization, options.jwtSecret, options.revocations);
  if (forward && check && 'identity' in check) {
    req.headers[IDENTITY_HEADER] = encodeIdentity(check.identity, options.internalSecret);
  }
  return check;
}

/**
 * Reads the bearer token (if any) into `ctx.state.identity`. A missing or bad token leaves the request anonymous;
 * `requireToken` decides whether that is allowed. `forward: false` (socket.io's long-polling requests, whose
 * token the handshake checks itself) signs no identity header: nothing there would read it.
 */
export function readToken(options: TokenOptions, { forward = true } = {}): Middleware {
  return async (ctx, next) => {
    const check = await applyToken(ctx.req, options, forward);
    if (check && 'identity' in check) ctx.state.identity = check.identity;
    else if (check) ctx.state.tokenError = check.refused;
    await next();
  };
}

/** 401 (UNAUTHORIZED, TOKEN_EXPIRED or TOKEN_REVOKED) unless a valid token came with the request. */
export const requireToken: Middleware = async (ctx, next) => {
  if (!ctx.state.identity) throw ctx.state.tokenError ?? unauthorized();
  await next();
};
