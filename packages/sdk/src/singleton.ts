import { createSdk } from './create-sdk';
import type { DevCircleSdk } from './types';

/** Kept on the page's global object: one instance per page even if the package were loaded twice. */
const INSTANCE = Symbol.for('@devcircle/sdk/instance');

type WithInstance = typeof globalThis & { [INSTANCE]?: DevCircleSdk };

/** The page's SDK instance, created on first use. */
export function getSdk(): DevCircleSdk {
  const page = globalThis as WithInstance;
  page[INSTANCE] ??= createSdk();
  return page[INSTANCE];
}

/** The default instance: its parts are looked up on first access (so nothing runs at import time). */
export const sdk: DevCircleSdk = Object.freeze({
  get version() {
    return getSdk().version;
  },
  get auth() {
    return getSdk().auth;
  },
  get api() {
    return getSdk().api;
  },
  get navigation() {
    return getSdk().navigation;
  },
  get unread() {
    return getSdk().unread;
  },
  get notifications() {
    return getSdk().notifications;
  },
  get notificationGroups() {
    return getSdk().notificationGroups;
  },
});
