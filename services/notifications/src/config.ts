import { parseServiceUrl, readInteger, readList, servicePort } from '@devcircle/service-kit';

/** The notifications service's own settings for e-mail (issue 20); the common ones come from the kit's config. */
export interface NotificationsSettings {
  /** Where the web app lives: the e-mails' links (a post, Settings, unsubscribe) point there. No trailing slash. */
  publicUrl: string;
  /** The auth service, which knows members' addresses and sends mail (`POST /internal/accounts/:id/mail`). */
  authUrl: string;
  /** At most one e-mail per kind and member in this long; what arrives meanwhile goes in the next one. */
  digestWindowMs: number;
  /** How long a call to auth may take: above auth's own SMTP timeouts, so a slow server is auth's to report. */
  upstreamTimeoutMs: number;
  /**
   * `MODERATORS` (issue 20, docs/moderation.md): the usernames, comma-separated, any case, who may use the
   * moderation API and screen. Empty: nobody moderates, and reports wait.
   */
  moderators: ReadonlySet<string>;
  /** The posts service, for a reported post or comment (`GET /internal/reportable/...`). No trailing slash. */
  postsUrl: string;
  /** The users service, for a reported profile (`GET /api/users/:username`). No trailing slash. */
  usersUrl: string;
  /** How long reading reported content from posts or users may take before the report fails (502). */
  contentTimeoutMs: number;
}

/** 15 minutes (issue 20). Tests and small deployments may shorten it with EMAIL_DIGEST_WINDOW_MS. */
export const DEFAULT_DIGEST_WINDOW_MS = 15 * 60 * 1000;
export const DEFAULT_PUBLIC_URL = 'http://localhost:8080';
const UPSTREAM_TIMEOUT_MS = 45_000;

const CONTENT_TIMEOUT_MS = 3000;

/** As auth accepts usernames: letters, digits, `_`, `-` and `.` (kept lower-cased: usernames match in any case). */
const USERNAME = /^[a-z0-9_.-]+$/;

/** The moderators' usernames, lower-cased; a name that cannot be a username stops the start. */
export function readModerators(raw: string | undefined): ReadonlySet<string> {
  const names = readList(raw).map((name) => name.toLowerCase());
  for (const name of names)
    if (!USERNAME.test(name))
      throw new Error(`MODERATORS must list usernames separated by commas, not '${name}'`);
  return new Set(names);
}

/** Read once at start: a bad value stops the start with its message. */
export function loadNotificationsSettings(env: NodeJS.ProcessEnv): NotificationsSettings {
  return {
    publicUrl: parseServiceUrl('PUBLIC_URL', env.PUBLIC_URL || DEFAULT_PUBLIC_URL),
    authUrl: parseServiceUrl('AUTH_URL', env.AUTH_URL || `http://127.0.0.1:${servicePort('auth', env)}`),
    digestWindowMs: readInteger(env, 'EMAIL_DIGEST_WINDOW_MS', DEFAULT_DIGEST_WINDOW_MS, 1),
    upstreamTimeoutMs: UPSTREAM_TIMEOUT_MS,
    moderators: readModerators(env.MODERATORS),
    postsUrl: parseServiceUrl('POSTS_URL', env.POSTS_URL || `http://127.0.0.1:${servicePort('posts', env)}`),
    usersUrl: parseServiceUrl('USERS_URL', env.USERS_URL || `http://127.0.0.1:${servicePort('users', env)}`),
    contentTimeoutMs: CONTENT_TIMEOUT_MS,
  };
}
