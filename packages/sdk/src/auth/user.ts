import type { SessionUser } from '../types';

/** The session user from a server reply (`id` and/or `_id`); null when it is not a user object. */
export function toSessionUser(value: unknown): SessionUser | null {
  if (!value || typeof value !== 'object') return null;
  const raw = value as Record<string, unknown>;
  const id = typeof raw.id === 'string' && raw.id ? raw.id : typeof raw._id === 'string' ? raw._id : '';
  if (!id || typeof raw.username !== 'string') return null;
  const user: SessionUser = {
    ...(raw as Partial<SessionUser>),
    id,
    username: raw.username,
    email: typeof raw.email === 'string' ? raw.email : '',
  };
  delete user.fromCache;
  return user;
}
