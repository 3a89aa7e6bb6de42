import { createServer } from 'node:http';
import { configure, render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createSdk, memoryStorage, type DevCircleSdk, type FetchLike } from '@devcircle/sdk';
import { SdkProvider } from '@devcircle/sdk/react';
import { mailedRegistrationToken } from '@devcircle/service-test-kit';
import type { WebBackend } from '../../test-support/web-backend';

// The screens talk to the real gateway and auth service (test-support/web-backend.ts), not to a stub: give the
// async queries (findBy…, waitFor) 5 s instead of 1 s, as a loaded CI machine needs for real round trips.
configure({ asyncUtilTimeout: 5000 });

export { unreachableUrl, useWebBackend, type WebBackend } from '../../test-support/web-backend';

/** The password `backend.signUp()` registers with. */
export const PASSWORD = 'secret123';
export const RESET_DONE = 'Your password has been reset. You can now sign in.';

export interface Call {
  route: string;
  body: Record<string, string>;
}

/**
 * A visitor's SDK whose calls go to `baseUrl` (the real gateway) through Node's fetch, with the navigations it
 * was asked for recorded instead of performed. `calls` lists every request the screen sent; `hold(route)` keeps
 * the next requests to a route back until `release()` (to see a busy state), then lets them reach the back end
 * unchanged; `holdAnswer(route)` lets them through but keeps the back end's answer from the screen until
 * `release()`; `answered(route)` resolves once the back end's answer to a route has arrived.
 */
export function accountService(baseUrl: string) {
  const calls: Call[] = [];
  const held = new Map<string, Promise<void>>();
  const heldAnswers = new Map<string, Promise<void>>();
  const answers = new Set<string>();
  const waiting: { route: string; resolve: () => void }[] = [];

  const fetch: FetchLike = async (url, init) => {
    const route = `${init.method ?? 'GET'} ${new URL(url).pathname}`;
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, string>) : {};
    calls.push({ route, body });
    await held.get(route);
    const response = await globalThis.fetch(url, init);
    // Read here, so that once `answered` resolves the rest is the page's own (in-memory) work.
    const text = await response.text();
    answers.add(route);
    for (const waiter of waiting.filter((entry) => entry.route === route)) waiter.resolve();
    await heldAnswers.get(route);
    return new Response(text || null, { status: response.status, headers: response.headers });
  };

  const sdk = createSdk({ fetch, storage: memoryStorage(), baseUrl });
  const navigate = jest.fn<void, [string, { replace?: boolean }?]>();
  sdk.navigation.setNavigator(navigate);

  const gate = (gates: Map<string, Promise<void>>, route: string) => {
    let release: () => void = () => {};
    gates.set(
      route,
      new Promise<void>((resolve) => {
        release = () => {
          gates.delete(route);
          resolve();
        };
      }),
    );
    return { release };
  };
  const hold = (route: string) => gate(held, route);
  const holdAnswer = (route: string) => gate(heldAnswers, route);

  const answered = (route: string) =>
    answers.has(route) ? Promise.resolve() : new Promise<void>((resolve) => waiting.push({ route, resolve }));

  return { sdk, calls, navigate, hold, holdAnswer, answered };
}

/** Renders `ui` with `sdk` given through the SDK's provider, the way the screens look it up. */
export function renderWithSdk(ui: ReactElement, sdk: DevCircleSdk) {
  return render(<SdkProvider sdk={sdk}>{ui}</SdkProvider>);
}

/**
 * Renders an account screen the way the shell mounts it (`AccountApp`), then waits for the screen itself: each
 * route's code is its own chunk, so a skeleton holds its place until the code has loaded and the title shows.
 */
export async function renderScreen(ui: ReactElement, sdk: DevCircleSdk) {
  const view = renderWithSdk(ui, sdk);
  await screen.findByRole('heading', { level: 1 });
  return view;
}

/**
 * An HTTP server answering every request with a bare 502 page and no JSON message, the way a load balancer or
 * proxy in front of the gateway (not ours) does when it fails. Our gateway and services always send a message,
 * so this is the only way to see a screen's own fallback text for a failing status.
 */
export async function failingProxy(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((_request, response) => {
    response.writeHead(502, { 'content-type': 'text/html' });
    response.end('<html><body><h1>502 Bad Gateway</h1></body></html>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * Registers `username` (`<username>@example.com`, the test password) through the gateway and answers the token of
 * the link mailed to the address: what /register/confirm gets from the mail.
 */
export function registrationLink(backend: WebBackend, username: string, email = `${username}@example.com`) {
  return mailedRegistrationToken(backend.outboxDir, email, async () => {
    const response = await fetch(`${backend.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, email, password: PASSWORD }),
    });
    if (response.status !== 202) throw new Error(`register answered ${response.status}`);
  });
}

/** Asks the auth service, through the gateway, for a password-reset mail to `email`. */
export async function requestResetLink(backend: WebBackend, email: string): Promise<void> {
  const response = await fetch(`${backend.url}/api/auth/forgot-password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  if (!response.ok) throw new Error(`forgot-password answered ${response.status}`);
}
