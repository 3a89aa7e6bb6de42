import { ERROR_CODES } from '@devcircle/contracts';
import { HttpError, unauthorized } from '../errors';
import type { Identity } from '../identity';
import type { RevocationList } from './revocation-list';
import { verifyToken } from './verify';

const SESSION_EXPIRED = 'Your session has expired. Please log in again.';
const SESSION_REVOKED = 'Your session is no longer valid. Please log in again.';

/**
 * Why a token is refused, as one 401 each: the gateway answers it as is, the socket handshake turns it into its
 * `connect_error` (the message, and the code as `data.code`). A missing, malformed or invalid token is the
 * kit's `unauthorized()` ('Authentication required', UNAUTHORIZED).
 */
const tokenExpired = (): HttpError => new HttpError(401, SESSION_EXPIRED, { code: ERROR_CODES.tokenExpired });
const tokenRevoked = (): HttpError => new HttpError(401, SESSION_REVOKED, { code: ERROR_CODES.tokenRevoked });

/** The holder of an accepted token, with the token version the socket server keeps; or the refusal. */
export type TokenCheck = { identity: Identity; tokenVersion: number } | { refused: HttpError };

/**
 * The one check of a DevCircle token, for HTTP (the gateway) and the socket handshake (notifications) alike:
 * `verifyToken` (HS256, issuer `devcircle`, not expired, a well-formed payload), then its version is the
 * account's (`RevocationList.accepts`: a version below is revoked, one above that auth does not confirm at once
 * is forged; both are refused as TOKEN_REVOKED). Async only when the version is ahead of what the list knows.
 */
export async function checkToken(
  token: string,
  secret: string,
  revocations: RevocationList,
): Promise<TokenCheck> {
  const verified = verifyToken(token, secret);
  if ('error' in verified) return { refused: verified.error === 'expired' ? tokenExpired() : unauthorized() };
  const { userId, username, email, tv } = verified.payload;
  if (!(await revocations.accepts(userId, tv))) return { refused: tokenRevoked() };
  return { identity: { id: userId, username, email }, tokenVersion: tv };
}

/**
 * `Authorization: Bearer <jwt>` through `checkToken`. Undefined when there is no header at all (an anonymous
 * request); a header that is not one bearer token is refused like an invalid token.
 */
export async function checkBearer(
  authorization: string | undefined,
  secret: string,
  revocations: RevocationList,
): Promise<TokenCheck | undefined> {
  if (!authorization) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  if (!match) return { refused: unauthorized() };
  return checkToken(match[1], secret, revocations);
}
