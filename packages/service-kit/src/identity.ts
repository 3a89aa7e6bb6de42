import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Middleware } from 'koa';
import { BoundedMap } from './bounded-map';
import { unauthorized } from './errors';

/** Who is calling, as the gateway established from the bearer token. */
export interface Identity {
  id: string;
  username: string;
  email: string;
}

/**
 * The gateway forwards the caller in this header, signed with the internal secret; it strips any copy a client
 * sends. The signature means a request that reaches a service directly cannot claim to be someone.
 */
export const IDENTITY_HEADER = 'x-devcircle-identity';

const sign = (payload: string, secret: string): string =>
  createHmac('sha256', secret).update(payload).digest('base64url');

export function encodeIdentity(identity: Identity, secret: string): string {
  const payload = Buffer.from(
    JSON.stringify({ id: identity.id, username: identity.username, email: identity.email }),
  ).toString('base64url');
  return `${payload}.${sign(payload, secret)}`;
}

export function decodeIdentity(header: string | undefined, secret: string): Identity | undefined {
  if (!header) return undefined;
  const [payload, signature] = header.split('.');
  if (!payload || !signature) return undefined;
  const expected = Buffer.from(sign(payload, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  try {
    const parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Partial<Identity>;
    if (
      typeof parsed.id !== 'string' ||
      typeof parsed.username !== 'string' ||
      typeof parsed.email !== 'string'
    )
      return undefined;
    return { id: parsed.id, username: parsed.username, email: parsed.email };
  } catch {
    return undefined;
  }
}

declare module 'koa' {
  interface DefaultState {
    identity?: Identity;
  }
}

/** How many verified identity headers a service remembers (a header is a member's; a service sees few at once). */
export const VERIFIED_IDENTITIES_HELD = 10_000;

/**
 * Identity headers whose signature was verified, with what they say. A header is the same bytes for every request
 * of a member (the gateway signs the same payload with the same secret), and what a verified header says never
 * changes, so a repeat skips the HMAC, the base64 and the JSON: the services' twin of the gateway's AcceptedTokens.
 * Only valid headers are held (an invalid one is checked again each time, so garbage cannot fill it); past the cap
 * the oldest goes first.
 */
export class VerifiedIdentities {
  private readonly held: BoundedMap<string, Identity>;

  constructor(
    private readonly secret: string,
    capacity = VERIFIED_IDENTITIES_HELD,
  ) {
    this.held = new BoundedMap(capacity);
  }

  /** The identity `header` vouches for (a copy: callers may not change the held one), or undefined. */
  read(header: string | undefined): Identity | undefined {
    if (!header) return undefined;
    let identity = this.held.get(header);
    if (!identity) {
      identity = decodeIdentity(header, this.secret);
      if (!identity) return undefined;
      this.held.set(header, identity);
    }
    return { id: identity.id, username: identity.username, email: identity.email };
  }

  get size(): number {
    return this.held.size;
  }
}

/** Reads the forwarded identity into `ctx.state.identity`; an invalid header counts as none. */
export function readIdentity(secret: string): Middleware {
  const verified = new VerifiedIdentities(secret);
  return async (ctx, next) => {
    ctx.state.identity = verified.read(ctx.get(IDENTITY_HEADER) || undefined);
    await next();
  };
}

/** 401 unless the gateway vouched for the caller. */
export const requireIdentity: Middleware = async (ctx, next) => {
  if (!ctx.state.identity) throw unauthorized();
  await next();
};

/** The caller's identity inside a handler that sits behind `requireIdentity`. */
export function callerOf(state: { identity?: Identity }): Identity {
  if (!state.identity) throw unauthorized();
  return state.identity;
}
