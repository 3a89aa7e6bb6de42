import { verifyToken, type RevocationList, parseObjectId } from '@devcircle/service-kit';
import type { NotificationSocket } from './types';

export const AUTH_REQUIRED = 'Authentication required';
export const INVALID_TOKEN = 'Invalid token';
export const SESSION_EXPIRED = 'Your session has expired. Please log in again.';
export const SESSION_REVOKED = 'Your session is no longer valid. Please log in again.';
export const USER_MISMATCH = 'userId does not match the token';

/** A refused handshake: the client's `connect_error` carries the message and `data.code`. */
function refusal(message: string, code: string): Error & { data: { code: string } } {
  return Object.assign(new Error(message), { data: { code } });
}

/**
 * The handshake must carry the bearer token (`auth.token`); a `userId` in the query is only accepted when it is
 * the token's user, so nobody listens to someone else's notifications. `auth.after` asks for a catch-up.
 */
export function checkHandshake(
  secret: string,
  revocations: RevocationList,
): (socket: NotificationSocket, next: (err?: Error) => void) => void {
  return (socket, next) => {
    const auth = socket.handshake.auth as { token?: unknown; after?: unknown };
    const token = typeof auth.token === 'string' ? auth.token.replace(/^Bearer\s+/i, '').trim() : '';
    if (!token) return next(refusal(AUTH_REQUIRED, 'UNAUTHORIZED'));
    const result = verifyToken(token, secret);
    if ('error' in result) {
      return next(
        result.error === 'expired'
          ? refusal(SESSION_EXPIRED, 'TOKEN_EXPIRED')
          : refusal(INVALID_TOKEN, 'UNAUTHORIZED'),
      );
    }
    const { userId, tv } = result.payload;
    if (!parseObjectId(userId)) return next(refusal(INVALID_TOKEN, 'UNAUTHORIZED'));
    if (revocations.isRevoked(userId, tv)) return next(refusal(SESSION_REVOKED, 'TOKEN_REVOKED'));
    const claimed = socket.handshake.query.userId;
    if (claimed !== undefined && claimed !== userId) return next(refusal(USER_MISMATCH, 'FORBIDDEN'));
    const after = parseObjectId(auth.after)?.toHexString();
    socket.data = { userId, tokenVersion: tv, after, sent: new Set() };
    next();
  };
}
