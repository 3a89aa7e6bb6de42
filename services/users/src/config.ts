import { parseServiceUrl, servicePort } from '@devcircle/service-kit';

/** The users service's own settings; the common ones (secrets, database) come from the kit's base config. */
export interface UsersSettings {
  /** The posts service, for a profile's posts (`GET /internal/authors/:userId/posts`). No trailing slash. */
  postsUrl: string;
  /** The auth service, for account deletion (`DELETE /internal/accounts/:id`). No trailing slash. */
  authUrl: string;
  /** How long a call to posts or auth may take before it counts as failed. */
  upstreamTimeoutMs: number;
}

export const UPSTREAM_TIMEOUT_MS = 3000;

function readUrl(env: NodeJS.ProcessEnv, name: string, fallback: string): string {
  return parseServiceUrl(name, env[name] || fallback);
}

/**
 * Read once at start: a bad value stops the start with its message. Without POSTS_URL / AUTH_URL the services
 * are on this machine at their ports (POSTS_PORT / AUTH_PORT, else the kit's DEFAULT_PORTS), as `npm start`
 * runs them.
 */
export function loadUsersSettings(env: NodeJS.ProcessEnv): UsersSettings {
  return {
    postsUrl: readUrl(env, 'POSTS_URL', `http://127.0.0.1:${servicePort('posts', env)}`),
    authUrl: readUrl(env, 'AUTH_URL', `http://127.0.0.1:${servicePort('auth', env)}`),
    upstreamTimeoutMs: UPSTREAM_TIMEOUT_MS,
  };
}
