import { createApiClient, type FetchLike } from './api/client';
import { createAuth } from './auth/auth';
import { createKeepAlive } from './auth/keep-alive';
import { createAuthStore } from './auth/store';
import { createNavigation } from './navigation';
import { createNotificationGroups } from './notifications/groups-store';
import { createNotifications } from './notifications/store';
import { defaultStorage, tokenStorage, type StorageLike } from './storage';
import { globalTimers, type Timers } from './timers';
import type { DevCircleSdk } from './types';
import { createUnread } from './unread';
import { SDK_VERSION } from './version';

declare global {
  /** The API base address set at build time or by the page; '' (or absent) means same origin (§7). */
  var __DEVCIRCLE_API_BASE__: string | undefined;
}

export interface SdkOptions {
  /** The API base address; default `globalThis.__DEVCIRCLE_API_BASE__`, else '' (same origin). */
  baseUrl?: string;
  /** Where the token is kept (key `token`); default `window.localStorage`, else memory. */
  storage?: StorageLike;
  /** Default: the global fetch. */
  fetch?: FetchLike;
  /** Default: the global timers (looked up at each call). */
  timers?: Timers;
  /** Whether the tab is hidden (the ping is skipped then); default `document.visibilityState === 'hidden'`. */
  isHidden?: () => boolean;
  /** Where keep-alive failures are logged; default `console.warn`. */
  log?: (message: string, error: unknown) => void;
}

const documentHidden = (): boolean =>
  typeof document !== 'undefined' && document.visibilityState === 'hidden';

const globalFetch: FetchLike = (input, init) => globalThis.fetch(input, init);

/** A new SDK instance. The page uses the one `sdk`; separate instances are for tests and tools. */
export function createSdk(options: SdkOptions = {}): DevCircleSdk {
  const tokens = tokenStorage(options.storage ?? defaultStorage());
  const timers = options.timers ?? globalTimers;
  const store = createAuthStore({ user: null, token: tokens.read(), loading: true });
  const customFetch = options.fetch;
  const api = createApiClient({
    baseUrl: options.baseUrl ?? globalThis.__DEVCIRCLE_API_BASE__ ?? '',
    fetch: customFetch ? (input, init) => customFetch.call(globalThis, input, init) : globalFetch,
    timers,
    getToken: () => store.getState().token,
    // The token was refused (expired, revoked, account gone): that session is over, unless a newer one began.
    onUnauthorized: (token) => {
      if (store.getState().token === token) auth.logout();
    },
  });
  const keepAlive = createKeepAlive({
    timers,
    ping: () => api.get('/api/auth/ping'),
    isHidden: options.isHidden ?? documentHidden,
    log: options.log ?? ((message, error) => console.warn(message, error)),
  });
  const auth = createAuth({ store, tokens, api, keepAlive });
  const publicApi = {
    get: api.get,
    post: api.post,
    put: api.put,
    delete: api.delete,
    prefetch: api.prefetch,
  };
  const unread = createUnread();
  return {
    version: SDK_VERSION,
    auth,
    api: publicApi,
    navigation: createNavigation(),
    unread,
    notifications: createNotifications({ api: publicApi, unread }),
    notificationGroups: createNotificationGroups({ api: publicApi, unread }),
  };
}
