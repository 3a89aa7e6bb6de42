/**
 * @jest-environment node
 */
// A slow, unreachable or database-less back end: the session survives, errors carry the §8 texts.
import { REGISTRATION_PENDING_MESSAGE } from '@devcircle/contracts';
import {
  ApiError,
  createSdk,
  CURRENT_USER_TIMEOUT_MS,
  DATABASE_NOT_CONNECTED_CODE_MESSAGE,
  DATABASE_UNAVAILABLE_MESSAGE,
  GENERIC_ERROR_MESSAGE,
  memoryStorage,
  type StorageLike,
} from '../src';
import {
  closedPortUrl,
  fixedReplyServer,
  manualTimers,
  recordingFetch,
  signUp,
  silentServer,
  startBackend,
  unsignedToken,
  until,
  type Backend,
} from './backend';

const payload = { userId: '64b000000000000000000001', email: 'ada@example.com', username: 'ada', tv: 0 };

function sdkAt(baseUrl: string, storage: StorageLike = memoryStorage()) {
  const timers = manualTimers();
  const sdk = createSdk({ baseUrl, storage, timers, fetch: recordingFetch().fetch, log: () => {} });
  return { sdk, timers, storage };
}

describe('init while the server is slow', () => {
  let server: Awaited<ReturnType<typeof silentServer>>;
  beforeAll(async () => {
    server = await silentServer();
  });
  afterAll(() => server.stop());

  test('the 3 s lookup times out: the session continues with the placeholder user from the token', async () => {
    const token = unsignedToken(payload);
    const { sdk, timers, storage } = sdkAt(server.url, memoryStorage({ token }));
    const done = sdk.auth.init();
    await until(() => server.received() === 1);
    expect(sdk.auth.getState().loading).toBe(true);
    expect([...timers.timeouts.values()].map((t) => t.ms)).toEqual([CURRENT_USER_TIMEOUT_MS]);
    timers.fireTimeouts(CURRENT_USER_TIMEOUT_MS);
    await done;
    expect(sdk.auth.getState()).toEqual({
      token,
      loading: false,
      authenticated: true,
      user: {
        id: payload.userId,
        _id: payload.userId,
        email: payload.email,
        username: payload.username,
        fromCache: true,
      },
    });
    expect(storage.getItem('token')).toBe(token);
  });

  test('placeholder fallbacks: a generic address and the username "user"', async () => {
    const token = unsignedToken({ userId: 'u-42' });
    const { sdk, timers } = sdkAt(server.url, memoryStorage({ token }));
    const done = sdk.auth.init();
    await until(() => timers.timeouts.size === 1);
    timers.fireTimeouts(CURRENT_USER_TIMEOUT_MS);
    await done;
    expect(sdk.auth.getState().user).toEqual({
      id: 'u-42',
      _id: 'u-42',
      email: 'user@devcircle.local',
      username: 'user',
      fromCache: true,
    });
  });

  test('a token that cannot be read: logged out', async () => {
    const { sdk, timers, storage } = sdkAt(server.url, memoryStorage({ token: 'garbage' }));
    const done = sdk.auth.init();
    await until(() => timers.timeouts.size === 1);
    timers.fireTimeouts(CURRENT_USER_TIMEOUT_MS);
    await done;
    expect(sdk.auth.getState()).toEqual({ user: null, token: null, loading: false, authenticated: false });
    expect(storage.getItem('token')).toBeNull();
  });

  test('a call with its own timeout rejects with code TIMEOUT and its own message', async () => {
    const { sdk, timers } = sdkAt(server.url);
    const call = sdk.api.get('/api/posts', { timeoutMs: 15000, timeoutMessage: 'Posts fetch timeout' });
    await until(() => timers.timeouts.size === 1);
    timers.fireTimeouts(15000);
    await expect(call).rejects.toMatchObject({ code: 'TIMEOUT', message: 'Posts fetch timeout' });
    const generic = sdk.api.get('/api/posts', { timeoutMs: 8000 });
    await until(() => timers.timeouts.size === 1);
    timers.fireTimeouts(8000);
    const error = await generic.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'TIMEOUT', isDatabaseError: false });
    expect((error as ApiError).message).toMatch(/timed out/);
  });
});

test('init while the server is unreachable: the placeholder user (fromCache)', async () => {
  const token = unsignedToken(payload);
  const { sdk } = sdkAt(await closedPortUrl(), memoryStorage({ token }));
  await sdk.auth.init();
  expect(sdk.auth.getState()).toMatchObject({
    loading: false,
    authenticated: true,
    user: { fromCache: true },
  });
});

test('an unreachable server: a network error with the call’s fallback message', async () => {
  const { sdk } = sdkAt(await closedPortUrl());
  await expect(sdk.auth.login('a@example.com', 'secret123')).rejects.toMatchObject({
    code: 'NETWORK_ERROR',
    message: 'Login failed',
  });
});

test('a reply without a message: the fallback, else the generic text', async () => {
  const server = await fixedReplyServer(500, '{}');
  try {
    const { sdk } = sdkAt(server.url);
    await expect(
      sdk.api.get('/api/posts/1', { fallbackMessage: 'Failed to fetch post' }),
    ).rejects.toMatchObject({
      status: 500,
      message: 'Failed to fetch post',
      isDatabaseError: false,
    });
    await expect(sdk.auth.register('someone', 'someone@example.com', 'secret123')).rejects.toMatchObject({
      message: 'Registration failed',
    });
    await expect(sdk.auth.confirmRegistration('some-token')).rejects.toMatchObject({
      message: 'Registration failed',
    });
    await expect(sdk.api.get('/api/posts/1')).rejects.toMatchObject({ message: GENERIC_ERROR_MESSAGE });
  } finally {
    await server.stop();
  }
});

test('a registration answered without a message: the pending message all the same', async () => {
  const server = await fixedReplyServer(202, '{}');
  try {
    const { sdk } = sdkAt(server.url);
    await expect(sdk.auth.register('someone', 'someone@example.com', 'secret123')).resolves.toEqual({
      message: REGISTRATION_PENDING_MESSAGE,
    });
  } finally {
    await server.stop();
  }
});

test('a 503 without the database code: the status text, flagged as a database error', async () => {
  const server = await fixedReplyServer(
    503,
    '{"message":"Service unavailable","code":"SERVICE_UNAVAILABLE"}',
  );
  try {
    const { sdk } = sdkAt(server.url);
    await expect(sdk.api.get('/api/posts')).rejects.toMatchObject({
      status: 503,
      code: 'SERVICE_UNAVAILABLE',
      message: DATABASE_UNAVAILABLE_MESSAGE,
      isDatabaseError: true,
    });
  } finally {
    await server.stop();
  }
});

describe('the database stops', () => {
  let backend: Backend;
  let token: string;
  beforeAll(async () => {
    backend = await startBackend({ outage: true });
    const { sdk } = sdkAt(backend.url);
    await signUp(backend, sdk, {
      username: 'survivor',
      email: 'survivor@example.com',
      password: 'secret123',
    });
    token = sdk.auth.getState().token!;
    await backend.stopDatabase();
  });
  afterAll(() => backend.stop());

  test('503 DATABASE_NOT_CONNECTED: the code text wins, flagged as a database error', async () => {
    const { sdk } = sdkAt(backend.url);
    const error = await sdk.auth.login('survivor@example.com', 'secret123').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 503,
      code: 'DATABASE_NOT_CONNECTED',
      message: DATABASE_NOT_CONNECTED_CODE_MESSAGE,
      isDatabaseError: true,
    });
    expect(sdk.auth.getState().authenticated).toBe(false);
  });

  test('init: /me answers 503, so the session continues with the placeholder user', async () => {
    const { sdk, storage } = sdkAt(backend.url, memoryStorage({ token }));
    await sdk.auth.init();
    expect(sdk.auth.getState()).toMatchObject({
      token,
      loading: false,
      authenticated: true,
      user: { username: 'survivor', email: 'survivor@example.com', fromCache: true },
    });
    expect(storage.getItem('token')).toBe(token);
  });
});
