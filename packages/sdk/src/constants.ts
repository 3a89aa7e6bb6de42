/** Business constants of the session (product-spec §9). */

/** The local-storage key of the session token. */
export const TOKEN_STORAGE_KEY = 'token';
/** The start-up current-user lookup gives up after this long (then the placeholder user is used). */
export const CURRENT_USER_TIMEOUT_MS = 3000;
/** The keep-alive ping interval: 10 minutes. */
export const PING_INTERVAL_MS = 600_000;

/** The placeholder user's fallbacks when the token payload lacks a field (§3 User (session)). */
export const PLACEHOLDER_EMAIL = 'user@devcircle.local';
export const PLACEHOLDER_USERNAME = 'user';

/** Notifications asked for per page (first load and each older page). */
export const NOTIFICATIONS_PAGE_SIZE = 20;
