import type { ServiceName } from '@devcircle/service-kit';
import type { LimitedRoute } from './config';

/**
 * The path as the services' routers will understand it: percent-decoded, lower-case (their routers match
 * case-insensitively), repeated and trailing slashes removed. Classifying on this form means
 * `/api/auth/LOGIN/` cannot dodge the login limits or pass for another route. Undefined when the path cannot be
 * decoded or walks up with dot segments.
 */
export function normalizePath(rawPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return undefined;
  }
  const collapsed = decoded
    .toLowerCase()
    .replace(/\\/g, '/')
    .replace(/\/{2,}/g, '/');
  const segments = collapsed.split('/');
  if (segments.some((segment) => segment === '.' || segment === '..')) return undefined;
  const trimmed = collapsed.length > 1 ? collapsed.replace(/\/+$/, '') : collapsed;
  return trimmed || '/';
}

const under = (path: string, prefix: string): boolean => path === prefix || path.startsWith(`${prefix}/`);

export type Route =
  | { kind: 'proxy'; service: ServiceName; public: boolean; socket: boolean; limited?: LimitedRoute }
  | { kind: 'not-found' }
  | { kind: 'bad-path' }
  | { kind: 'local' };

const LIMITED: Record<string, LimitedRoute> = {
  '/api/auth/login': 'login',
  '/api/auth/register': 'register',
  '/api/auth/register/confirm': 'confirmRegistration',
  '/api/auth/forgot-password': 'forgotPassword',
  '/api/auth/reset-password': 'resetPassword',
  '/api/report-bug': 'reportBug',
};

// A notification e-mail's one-click unsubscribe (issue 20): no sign-in; its token is a 256-bit secret for one use.
const PUBLIC_POSTS = new Set([...Object.keys(LIMITED), '/api/notifications/unsubscribe']);

const PASSWORD_CHANGE = /^\/api\/users\/[^/]+\/password$/;

/** Where a request goes, per the routing table of `docs/backend-contract.md`. */
export function routeOf(method: string, rawPath: string): Route {
  const isApi = rawPath.toLowerCase().startsWith('/api') || rawPath.toLowerCase().startsWith('/socket.io');
  const path = normalizePath(rawPath);
  if (path === undefined) return isApi ? { kind: 'bad-path' } : { kind: 'local' };
  if (under(path, '/internal')) return { kind: 'not-found' };

  const proxy = (service: ServiceName, socket = false): Route => ({
    kind: 'proxy',
    service,
    public: socket || (method === 'POST' && PUBLIC_POSTS.has(path)),
    socket,
    limited: LIMITED[path] ?? (method === 'PUT' && PASSWORD_CHANGE.test(path) ? 'changePassword' : undefined),
  });

  if (under(path, '/socket.io')) return proxy('notifications', true);
  if (!under(path, '/api')) return { kind: 'local' };
  if (under(path, '/api/auth')) return proxy('auth');
  if (method === 'PUT' && PASSWORD_CHANGE.test(path)) return proxy('auth');
  if (under(path, '/api/users')) return proxy('users');
  if (under(path, '/api/posts')) return proxy('posts');
  // A hashtag's posts and the trending tags (issue 19): read from the posts.
  if (under(path, '/api/tags')) return proxy('posts');
  // A member's saved posts (issue 19): the posts service keeps them beside the posts.
  if (under(path, '/api/bookmarks')) return proxy('posts');
  if (under(path, '/api/notifications') || path === '/api/report-bug') return proxy('notifications');
  // Reports and the moderators' inbox (issue 20): the notifications service keeps them beside the bug reports.
  if (under(path, '/api/reports') || under(path, '/api/moderation')) return proxy('notifications');
  return { kind: 'not-found' };
}
