import { parseServiceUrl, readInteger, readList, servicePort } from '@devcircle/service-kit';

/** The notifications service's own settings; the common ones (secrets, database) come from the kit. */
export interface NotificationsSettings {
  /** Auth instances to learn token revocations from (`GET /internal/revocations`); AUTH_URLS, comma-separated. */
  authUrls: string[];
  /** How often revocations are asked for: a revoked session's sockets end within about this long. */
  revocationPollMs: number;
  revocationTimeoutMs: number;
}

/** Read once at start. Without AUTH_URLS (or AUTH_URL), auth is on this machine at its port. */
export function loadNotificationsSettings(env: NodeJS.ProcessEnv): NotificationsSettings {
  const raw = env.AUTH_URLS || env.AUTH_URL || `http://127.0.0.1:${servicePort('auth', env)}`;
  const authUrls = readList(raw).map((entry) => parseServiceUrl('AUTH_URLS', entry));
  return {
    authUrls,
    revocationPollMs: readInteger(env, 'REVOCATION_POLL_MS', 1000, 1),
    revocationTimeoutMs: readInteger(env, 'REVOCATION_TIMEOUT_MS', 2000, 1),
  };
}
