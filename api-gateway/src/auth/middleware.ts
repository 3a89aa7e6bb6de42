import type { IncomingMessage } from 'node:http';
import {
  checkBearer,
  encodeIdentity,
  IDENTITY_HEADER,
  unauthorized,
  type HttpError,
  type Identity,
  type RevocationList,
} from '@devcircle/service-kit';
import type { Middleware } from 'koa';
import { AcceptedTokens, expiryOf, type AcceptedToken } from './accepted-tokens';

declare module 'koa' {
  interface DefaultState {
    tokenError?: HttpError;
  }
}

export interface TokenOptions {
  jwtSecret: string;
  internalSecret: string;
  revocations: RevocationList;
  /** Tokens already accepted (one per gateway, shared by every route; a fresh one when not given). */
  accepted?: AcceptedTokens;
}

/** A valid token's holder, or why the token is refused; undefined without an `Authorization` header. */
type TokenResult = { accepted: { identity: Identity; identityHeader: string } } | { refused: HttpError };

/**
 * The remembered token for this `Authorization` header when it is still current (unexpired, and its version the
 * account's: the revocation check runs every time); undefined otherwise, and then the full check decides.
 */
export function rememberedToken(
  authorization: string | undefined,
  accepted: AcceptedTokens,
  revocations: RevocationList,
): AcceptedToken | undefined {
  if (!authorization) return undefined;
  const known = accepted.get(authorization);
  return known && revocations.status(known.identity.id, known.tokenVersion) === 'current' ? known : undefined;
}

/**
 * Checks the request's bearer token with service-kit's `checkBearer` (the check the socket handshake makes too),
 * remembering an accepted token until it expires (`AcceptedTokens`: a repeat skips the signature check and the
 * header signing, never the revocation check).
 */
async function checkRequestToken(
  authorization: string | undefined,
  options: TokenOptions,
  accepted: AcceptedTokens,
): Promise<TokenResult | undefined> {
  if (!authorization) return undefined;
  // A revoked or ahead version takes the full check, which decides and says why.
  const known = rememberedToken(authorization, accepted, options.revocations);
  if (known) return { accepted: known };
  const check = await checkBearer(authorization, options.jwtSecret, options.revocations);
  if (!check) return undefined;
  if ('refused' in check) return { refused: check.refused };
  const entry = {
    identity: check.identity,
    tokenVersion: check.tokenVersion,
    expiresAtMs: expiryOf(authorization.slice(authorization.lastIndexOf(' ') + 1)) * 1000,
    identityHeader: encodeIdentity(check.identity, options.internalSecret),
  };
  accepted.set(authorization, entry);
  return { accepted: entry };
}

/**
 * Reads the bearer token (if any) into `ctx.state.identity`, and when it is valid and `forward` is on sets the
 * signed identity header that the services trust (any copy the client sent was removed before). A missing or bad
 * token leaves the request anonymous; `requireToken` decides whether that is allowed. `forward: false`
 * (socket.io's long-polling requests, whose token the handshake checks itself) signs no identity header: nothing
 * there would read it.
 */
export function readToken(options: TokenOptions, { forward = true } = {}): Middleware {
  const accepted = options.accepted ?? new AcceptedTokens();
  return async (ctx, next) => {
    const req: IncomingMessage = ctx.req;
    const result = await checkRequestToken(req.headers.authorization, options, accepted);
    if (result && 'accepted' in result) {
      ctx.state.identity = result.accepted.identity;
      if (forward) req.headers[IDENTITY_HEADER] = result.accepted.identityHeader;
    } else if (result) ctx.state.tokenError = result.refused;
    await next();
  };
}

/** 401 (UNAUTHORIZED, TOKEN_EXPIRED or TOKEN_REVOKED) unless a valid token came with the request. */
export const requireToken: Middleware = async (ctx, next) => {
  if (!ctx.state.identity) throw ctx.state.tokenError ?? unauthorized();
  await next();
};
