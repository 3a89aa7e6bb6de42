import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { configure, render } from '@testing-library/react';
import { createSdk, memoryStorage, type DevCircleSdk, type SessionUser } from '@devcircle/sdk';
import { SdkProvider } from '@devcircle/sdk/react';
import type { WebBackend } from '../../test-support/web-backend';

// The shell talks to the real back end (test-support/web-backend.ts), not to a stub: give the async queries
// (findBy…, waitFor) 5 s instead of 1 s, as a loaded CI machine needs for a few real round trips.
configure({ asyncUtilTimeout: 5000 });

export { unreachableUrl, useWebBackend, type WebBackend } from '../../test-support/web-backend';

/** An SDK for a visitor (no session) whose calls go to `baseUrl` through Node's fetch. */
export function visitorSdk(baseUrl: string): DevCircleSdk {
  return createSdk({ baseUrl, fetch: (input, init) => fetch(input, init), storage: memoryStorage() });
}

/**
 * An SDK signed in as a user just registered through the gateway (`username`, else a fresh one), or a
 * visitor's; either way with the page's start-up lookup (`GET /api/auth/me` when there is a session) done.
 */
export async function makeSdk(
  backend: WebBackend,
  signedIn: boolean,
  username?: string,
): Promise<DevCircleSdk> {
  const sdk = signedIn ? await backend.signUp(username) : visitorSdk(backend.url);
  await sdk.auth.init();
  return sdk;
}

/** The session's user as the back end answered it. */
export function userOf(sdk: DevCircleSdk): SessionUser {
  const { user } = sdk.auth.getState();
  if (!user) throw new Error('The SDK has no signed-in user');
  return user;
}

export interface SentRequest {
  method: string;
  path: string;
  body: unknown;
}

/**
 * Lists every request the page sends (method, path, JSON body) while letting each one reach the real back end
 * unchanged: Node's fetch is only watched, never answered for.
 */
export function recordRequests() {
  const realFetch = globalThis.fetch;
  const calls: SentRequest[] = [];
  const spy = jest.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    calls.push({
      method: (init?.method ?? 'GET').toUpperCase(),
      path: new URL(url).pathname,
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    });
    return realFetch(input, init);
  });
  return { calls, restore: () => spy.mockRestore() };
}

export function renderWith(sdk: DevCircleSdk, ui: ReactNode, path = '/') {
  return render(
    <SdkProvider sdk={sdk}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </SdkProvider>,
  );
}
