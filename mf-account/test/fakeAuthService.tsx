import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createSdk, memoryStorage, type DevCircleSdk, type FetchLike } from '@devcircle/sdk';
import { SdkProvider } from '@devcircle/sdk/react';

/** What a route answers: a status and a JSON body (none for an empty reply), or 'network' for no answer at all. */
export type Reply = { status: number; body?: unknown } | 'network';
export type Route = (body: Record<string, string>) => Reply | Promise<Reply>;

export const BASE_URL = 'http://api.test';
export const KNOWN_USER = { email: 'ada@example.com', password: 'secret123' };
export const GOOD_RESET_TOKEN = 'good-reset-token';
export const RESET_DONE = 'Your password has been reset. You can now sign in.';

const user = (username: string, email: string) => ({
  id: 'u1',
  _id: 'u1',
  username,
  email,
  displayName: username,
  createdAt: '2026-01-01T00:00:00.000Z',
});

/** The auth service's answers (services/auth/README.md), for the calls the account screens make. */
const AUTH_SERVICE: Record<string, Route> = {
  'POST /api/auth/login': ({ email, password }) =>
    email === KNOWN_USER.email && password === KNOWN_USER.password
      ? { status: 200, body: { token: 'token-1', user: user('ada', email) } }
      : { status: 401, body: { message: 'Invalid email or password', code: 'INVALID_CREDENTIALS' } },
  'POST /api/auth/register': ({ username, email }) =>
    username === 'taken'
      ? {
          status: 409,
          body: {
            message: 'Username is already taken',
            code: 'CONFLICT',
            errors: [{ field: 'username', message: 'Username is already taken' }],
          },
        }
      : { status: 201, body: { token: 'token-2', user: user(username, email) } },
  'POST /api/auth/forgot-password': () => ({
    status: 200,
    body: { message: 'If an account with that email exists, a reset link has been sent.' },
  }),
  'POST /api/auth/reset-password': ({ token, password }) =>
    token === GOOD_RESET_TOKEN && password.length >= 6
      ? { status: 200, body: { message: RESET_DONE } }
      : {
          status: 400,
          body: { message: 'Reset link is invalid or has expired.', code: 'INVALID_RESET_TOKEN' },
        },
  'GET /api/auth/ping': () => ({ status: 200, body: { ok: true } }),
};

export interface Call {
  route: string;
  body: Record<string, string>;
}

/**
 * An SDK instance whose fetch answers like the auth service (routes can be replaced per test), with the
 * navigations it was asked for recorded instead of performed.
 */
export function fakeAuthService(overrides: Record<string, Route> = {}) {
  const routes = { ...AUTH_SERVICE, ...overrides };
  const calls: Call[] = [];
  const fetch: FetchLike = async (url, init) => {
    const route = `${init.method ?? 'GET'} ${url.replace(BASE_URL, '')}`;
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, string>) : {};
    calls.push({ route, body });
    const handler = routes[route];
    const reply = handler ? await handler(body) : { status: 404, body: { message: 'Not found' } };
    if (reply === 'network') throw new TypeError('Failed to fetch');
    const text = reply.body === undefined ? '' : JSON.stringify(reply.body);
    return {
      ok: reply.status >= 200 && reply.status < 300,
      status: reply.status,
      headers: new Headers({ 'content-type': 'application/json' }),
      text: async () => text,
      json: async () => JSON.parse(text) as unknown,
    } as unknown as Response;
  };
  const sdk = createSdk({ fetch, storage: memoryStorage(), baseUrl: BASE_URL });
  const navigate = jest.fn<void, [string, { replace?: boolean }?]>();
  sdk.navigation.setNavigator(navigate);
  return { sdk, calls, navigate };
}

/** Renders `ui` with `sdk` given through the SDK's provider, the way the screens look it up. */
export function renderWithSdk(ui: ReactElement, sdk: DevCircleSdk) {
  return render(<SdkProvider sdk={sdk}>{ui}</SdkProvider>);
}

/** A reply the test releases when it wants (to see the busy state). */
export function heldReply(reply: Reply) {
  let release: () => void = () => {};
  const held = new Promise<Reply>((resolve) => {
    release = () => resolve(reply);
  });
  return { route: (() => held) as Route, release };
}
