import {
  HttpError,
  unauthorized,
  verifyToken,
  type Identity,
  type RevocationList,
} from '@devcircle/service-kit';

export type TokenCheck = { identity: Identity } | { error: HttpError } | undefined;

const expired = (): HttpError =>
  new HttpError(401, 'Your session has expired. Please log in again.', { code: 'TOKEN_EXPIRED' });
const revoked = (): HttpError =>
  new HttpError(401, 'Your session is no longer valid. Please log in again.', { code: 'TOKEN_REVOKED' });

/**
 * Checks `Authorization: Bearer <jwt>`: a valid DevCircle token (`verifyToken`: HS256 only, issuer `devcircle`,
 * not expired) that is not revoked. Undefined when there is no bearer token at all; otherwise the identity or the
 * 401 to answer on a protected route.
 */
export function checkBearer(
  authorization: string | undefined,
  secret: string,
  revocations: RevocationList,
): TokenCheck {
  if (!authorization) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  if (!match) return { error: unauthorized() };
  const verified = verifyToken(match[1], secret);
  if ('error' in verified) return { error: verified.error === 'expired' ? expired() : unauthorized() };
  const { payload } = verified;
  if (revocations.isRevoked(payload.userId, payload.tv)) return { error: revoked() };
  return { identity: { id: payload.userId, username: payload.username, email: payload.email } };
}
