import { screen } from '@testing-library/react';
import type { ProfileAnswer } from '@devcircle/contracts';
import { createSdk, memoryStorage, type DevCircleSdk } from '@devcircle/sdk';
import { AccountApp } from '../src/app/AccountApp';
import { accountService, PASSWORD, renderWithSdk, type WebBackend } from './backend';

let counter = 0;
const signedIn: DevCircleSdk[] = [];

/** Logs out every SDK a test signed in (it stops their keep-alive pings, so Jest can exit). */
export function logOutEveryone() {
  for (const sdk of signedIn.splice(0)) sdk.auth.logout();
}

/** Signs `sdk` in as `username` (registered by `backend.signUp`), to be logged out after the test. */
export async function logIn(sdk: DevCircleSdk, username: string, password = PASSWORD) {
  signedIn.push(sdk);
  await sdk.auth.login(`${username}@example.com`, password);
  const user = sdk.auth.getState().user;
  if (!user) throw new Error('sign-in gave no user');
  return user;
}

/** A fresh username for this file (3–30 letters and digits). */
export const freshUsername = (prefix = 'set') => `${prefix}${process.pid}x${++counter}`;

/**
 * Registers a new member through the real gateway, then signs in with an `accountService` SDK (calls recorded,
 * holdable, navigations recorded): the screen under test runs as that member.
 */
export async function signedInMember(backend: WebBackend, username = freshUsername()) {
  await backend.signUp(username);
  const service = accountService(backend.url);
  const user = await logIn(service.sdk, username);
  return { ...service, username, userId: user.id, email: `${username}@example.com` };
}

/** Renders /settings the way the shell mounts it, and waits for the privacy setting to load. */
export async function renderSettings(sdk: DevCircleSdk) {
  const view = renderWithSdk(<AccountApp path="/settings" />, sdk);
  screen.getByRole('heading', { level: 1, name: 'Settings' });
  await screen.findByRole('switch', { name: 'Private account' });
  return view;
}

/**
 * A signed-in member's SDK whose requests matching `diverted` go to `elsewhere` (e.g. where nothing listens),
 * each only once `release()` is called; every other request reaches the real gateway.
 */
export async function divertedMember(
  backend: WebBackend,
  elsewhere: string,
  diverted: (method: string, url: string) => boolean,
) {
  const username = freshUsername();
  await backend.signUp(username);
  let open: () => void = () => {};
  let gate = new Promise<void>((resolve) => (open = resolve));
  const navigate = jest.fn<void, [string, { replace?: boolean }?]>();
  const sdk = createSdk({
    baseUrl: backend.url,
    storage: memoryStorage(),
    fetch: async (url, init) => {
      if (!diverted(init.method ?? 'GET', url)) return fetch(url, init);
      await gate;
      return fetch(url.replace(backend.url, elsewhere), init);
    },
  });
  sdk.navigation.setNavigator(navigate);
  await logIn(sdk, username);
  const release = () => {
    open();
    gate = new Promise<void>((resolve) => (open = resolve));
  };
  return { sdk, username, navigate, release };
}

/** What the gateway answers to `GET /api/auth/me` with this bearer token (its status). */
export async function meStatus(backend: WebBackend, token: string): Promise<number> {
  const response = await fetch(`${backend.url}/api/auth/me`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  return response.status;
}

/** A new visitor's SDK, not signed in, talking to the gateway through Node's fetch. */
export function visitorSdk(backend: WebBackend): DevCircleSdk {
  return createSdk({
    baseUrl: backend.url,
    fetch: (input, init) => fetch(input, init),
    storage: memoryStorage(),
  });
}

/** `GET /api/users/:username` as `viewer` sees it. */
export function profileAs(viewer: DevCircleSdk, username: string): Promise<ProfileAnswer> {
  return viewer.api.get<ProfileAnswer>(`/api/users/${username}`);
}
