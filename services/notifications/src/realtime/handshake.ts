import {
  checkToken,
  forbidden,
  parseObjectId,
  unauthorized,
  type HttpError,
  type RevocationList,
} from '@devcircle/service-kit';
import type { NotificationSocket } from './types';

export const USER_MISMATCH = 'userId does not match the token';

/** A refused handshake: the client's `connect_error` carries the refusal's message and its code as `data.code`. */
function refusal(refused: HttpError): Error & { data: { code: string } } {
  return Object.assign(new Error(refused.message), { data: { code: refused.code ?? 'UNAUTHORIZED' } });
}

/**
 * The handshake must carry the bearer token (`auth.token`, with or without `Bearer `), checked by service-kit's
 * `checkToken`: the gateway's check, so a token is refused with the same message and code on both. A `userId` in
 * the query is only accepted when it is the token's user, so nobody listens to someone else's notifications.
 * `auth.after` asks for a catch-up.
 */
export function checkHandshake(
  secret: string,
  revocations: RevocationList,
): (socket: NotificationSocket, next: (err?: Error) => void) => void {
  return async (socket, next) => {
    const auth = socket.handshake.auth as { token?: unknown; after?: unknown };
    const token = typeof auth.token === 'string' ? auth.token.replace(/^Bearer\s+/i, '').trim() : '';
    if (!token) return next(refusal(unauthorized()));
    const check = await checkToken(token, secret, revocations);
    if ('refused' in check) return next(refusal(check.refused));
    const userId = check.identity.id;
    // The socket's user is looked up by ObjectId: a token naming anything else names no user.
    if (!parseObjectId(userId)) return next(refusal(unauthorized()));
    const claimed = socket.handshake.query.userId;
    if (claimed !== undefined && claimed !== userId) return next(refusal(forbidden(USER_MISMATCH)));
    const after = parseObjectId(auth.after)?.toHexString();
    socket.data = { userId, tokenVersion: check.tokenVersion, after, sent: new Set() };
    next();
  };
}
