import { BoundedMap, type Identity } from '@devcircle/service-kit';

/** A token the full check accepted, with what a request needs from it. */
export interface AcceptedToken {
  identity: Identity;
  tokenVersion: number;
  /** When the token expires (its `exp`, in ms): from then on it is checked in full again (and refused). */
  expiresAtMs: number;
  /** The signed identity header for this identity (the same for every request with the token). */
  identityHeader: string;
}

/** How many accepted tokens are remembered; past that the oldest is forgotten (it is checked in full again). */
export const ACCEPTED_TOKENS_MAX = 10_000;

/** The `exp` claim (seconds) of a token that has passed verification, read from its payload; NaN if none. */
export function expiryOf(token: string): number {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
      exp?: unknown;
    };
    return typeof payload.exp === 'number' ? payload.exp : NaN;
  } catch {
    return NaN;
  }
}

/**
 * The tokens the gateway has accepted, by their whole `Authorization` header: a client sends the same token with
 * every request, and verifying it (base64, JSON, HMAC) and signing the identity header (HMAC) again each time
 * was most of the gateway's own per-request work. Only the signature and expiry check and the header signing are
 * remembered: the revocation check (one map lookup) still runs on every request, and anything but a current,
 * unexpired token goes through the full check again, which gives the refusals. Bounded by service-kit's
 * `BoundedMap`: past `max` the oldest is forgotten first.
 */
export class AcceptedTokens {
  private readonly tokens: BoundedMap<string, AcceptedToken>;

  constructor(max = ACCEPTED_TOKENS_MAX) {
    this.tokens = new BoundedMap(max);
  }

  /** The remembered token for this header, unless it has expired by now (then it is forgotten). */
  get(authorization: string, nowMs = Date.now()): AcceptedToken | undefined {
    const accepted = this.tokens.get(authorization);
    if (accepted && nowMs >= accepted.expiresAtMs) {
      this.tokens.delete(authorization);
      return undefined;
    }
    return accepted;
  }

  set(authorization: string, accepted: AcceptedToken): void {
    if (Number.isFinite(accepted.expiresAtMs)) this.tokens.set(authorization, accepted);
  }

  get size(): number {
    return this.tokens.size;
  }
}
