import { HttpError, unauthorized, type Identity } from '@devcircle/service-kit';
import jwt from 'jsonwebtoken';
import type { RevocationList } from './revocations';

export const TOKEN_ISSUER = 'devcircle';

export interface TokenPayload {
  userId: string;
  email: string;
  username: string;
  /** The account's token version when the token was issued. */
  tv: number;
}

export type TokenCheck = { identity: Identity } | { error: HttpError } | undefined;

const expired = (): HttpError =>
  new HttpError(401, 'Your session has expired. Please log in again.', { code: 'TOKEN_EXPIRED' });
const revoked = (): HttpError =>
  new HttpError(401, 'Your session is no longer valid. Please log in again.', { code: 'TOKEN_REVOKED' });

function isPayload(value: unknown): value is TokenPayload {
  const payload = value as Partial<TokenPayload> | undefined;
  return (
    typeof payload === 'object' &&
    payload !== null &&
    typeof payload.userId === 'string' &&
    payload.userId.length > 0 &&
    typeof payload.email === 'string' &&
    typeof payload.username === 'string' &&
    (payload.tv === undefined || (typeof payload.tv === 'number' && Number.isInteger(payload.tv)))
  );
}

/**
 * Checks `Authorization: Bearer <jwt>`: HS256 only, issuer `devcircle`, not expired, not revoked. Undefined when
 * there is no bearer token at all; otherwise the identity or the 401 to answer on a protected route.
 */
export function checkBearer(
  authorization: string | undefined,
  secret: string,
  revocations: RevocationList,
): TokenCheck {
  if (!authorization) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  if (!match) return { error: unauthorized() };
  let payload: unknown;
  try {
    payload = jwt.verify(match[1], secret, { algorithms: ['HS256'], issuer: TOKEN_ISSUER });
  } catch (err) {
    return { error: err instanceof jwt.TokenExpiredError ? expired() : unauthorized() };
  }
  if (!isPayload(payload)) return { error: unauthorized() };
  if (revocations.isRevoked(payload.userId, payload.tv ?? 0)) return { error: revoked() };
  return { identity: { id: payload.userId, username: payload.username, email: payload.email } };
}
