import { PLACEHOLDER_EMAIL, PLACEHOLDER_USERNAME } from '../constants';
import { decodeTokenPayload } from '../token';
import type { SessionUser } from '../types';

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value ? value : typeof value === 'number' ? String(value) : undefined;

/**
 * The user the session keeps while the server is slow or failing (§3, §4): built from the stored token's
 * payload (`userId`, `email`, `username`), flagged `fromCache`. Null when the token cannot be read (then the
 * user is logged out), including a payload without a user id.
 */
export function placeholderUser(token: string): SessionUser | null {
  const payload = decodeTokenPayload(token);
  const id = payload ? text(payload.userId) : undefined;
  if (!payload || !id) return null;
  return {
    id,
    _id: id,
    email: text(payload.email) ?? PLACEHOLDER_EMAIL,
    username: text(payload.username) ?? PLACEHOLDER_USERNAME,
    fromCache: true,
  };
}
