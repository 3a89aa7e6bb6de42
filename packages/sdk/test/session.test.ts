/**
 * @jest-environment node
 */
// The real back end runs in this file, so it uses Node's environment (jsdom has no fetch, TextEncoder or
// setImmediate, which the database driver and Node's fetch need): the SDK gets Node's fetch and a memory storage.
import jwt from 'jsonwebtoken';
import { ApiError, createSdk, memoryStorage, PING_INTERVAL_MS, type StorageLike } from '../src';
import { JWT_SECRET, manualTimers, recordingFetch, startBackend, type Backend } from './backend';

let backend: Backend;
beforeAll(async () => {
  backend = await startBackend();
});
afterAll(() => backend.stop());

let seq = 0;
const newAccount = () => {
  seq++;
  return { username: `dev${seq}x`, email: `dev${seq}@example.com`, password: 'secret123' };
};

function setup(storage: StorageLike = memoryStorage(), hidden = false) {
  const timers = manualTimers();
  const recorder = recordingFetch();
  const sdk = createSdk({
    baseUrl: backend.url,
    fetch: recorder.fetch,
    storage,
    timers,
    isHidden: () => hidden,
    log: () => {},
  });
  return { sdk, timers, storage, calls: recorder.calls, setHidden: (value: boolean) => (hidden = value) };
}

test('register: token stored, user set, authenticated, no ping', async () => {
  const { sdk, storage, timers } = setup();
  const account = newAccount();
  const changes: boolean[] = [];
  sdk.auth.subscribe((state) => changes.push(state.authenticated));
  const user = await sdk.auth.register(account.username, account.email, account.password);
  expect(user).toMatchObject({ username: account.username, email: account.email });
  expect(user.id).toMatch(/^[0-9a-f]{24}$/);
  const state = sdk.auth.getState();
  expect(state).toMatchObject({ user, authenticated: true, loading: false });
  expect(state.token).toBeTruthy();
  expect(storage.getItem('token')).toBe(state.token);
  expect(changes).toEqual([true]);
  expect(timers.intervals.size).toBe(0);
});

test('login: token stored, user set, the ping every 10 minutes with the bearer token, skipped while hidden', async () => {
  const account = newAccount();
  await setup().sdk.auth.register(account.username, account.email, account.password);
  const { sdk, storage, timers, calls, setHidden } = setup();
  const user = await sdk.auth.login(account.email, account.password);
  expect(user.username).toBe(account.username);
  const { token } = sdk.auth.getState();
  expect(storage.getItem('token')).toBe(token);
  expect([...timers.intervals.values()].map((i) => i.ms)).toEqual([PING_INTERVAL_MS]);

  calls.length = 0;
  timers.fireIntervals(PING_INTERVAL_MS);
  expect(calls).toEqual([{ method: 'GET', path: '/api/auth/ping', auth: `Bearer ${token}` }]);

  setHidden(true);
  timers.fireIntervals(PING_INTERVAL_MS);
  expect(calls).toHaveLength(1);
  setHidden(false);

  // Every API call carries the token; logout clears storage, the user and the ping.
  await expect(sdk.api.get('/api/auth/me')).resolves.toMatchObject({ username: account.username });
  expect(calls.at(-1)).toEqual({ method: 'GET', path: '/api/auth/me', auth: `Bearer ${token}` });
  sdk.auth.logout();
  expect(sdk.auth.getState()).toEqual({ user: null, token: null, loading: false, authenticated: false });
  expect(storage.getItem('token')).toBeNull();
  expect(timers.intervals.size).toBe(0);
  await expect(sdk.api.get('/api/auth/me')).rejects.toMatchObject({ status: 401 });
  expect(calls.at(-1)?.auth).toBeUndefined();
});

test('init with a valid stored token: the user from /me, loading ends', async () => {
  const account = newAccount();
  const first = setup();
  await first.sdk.auth.register(account.username, account.email, account.password);
  const { sdk, calls } = setup(first.storage);
  expect(sdk.auth.getState()).toMatchObject({
    loading: true,
    user: null,
    token: first.sdk.auth.getState().token,
  });
  await sdk.auth.init();
  expect(calls.map((c) => c.path)).toEqual(['/api/auth/me']);
  expect(sdk.auth.getState()).toMatchObject({
    loading: false,
    authenticated: true,
    user: { username: account.username, email: account.email },
  });
  expect(sdk.auth.getState().user?.fromCache).toBeUndefined();
});

test('init without a token: no call, loading ends logged out', async () => {
  const { sdk, calls } = setup();
  await sdk.auth.init();
  expect(calls).toEqual([]);
  expect(sdk.auth.getState()).toEqual({ user: null, token: null, loading: false, authenticated: false });
});

test('init with a garbage token: the gateway answers 401, the user is logged out', async () => {
  const storage = memoryStorage({ token: 'not-a-token' });
  const { sdk } = setup(storage);
  await sdk.auth.init();
  expect(sdk.auth.getState()).toEqual({ user: null, token: null, loading: false, authenticated: false });
  expect(storage.getItem('token')).toBeNull();
});

test('init with an expired token (401 TOKEN_EXPIRED): logged out', async () => {
  const expired = jwt.sign({ userId: 'u1', email: 'a@b.c', username: 'abc', tv: 0 }, JWT_SECRET, {
    issuer: 'devcircle',
    expiresIn: -10,
  });
  const storage = memoryStorage({ token: expired });
  const { sdk } = setup(storage);
  await sdk.auth.init();
  expect(sdk.auth.getState().authenticated).toBe(false);
  expect(storage.getItem('token')).toBeNull();
});

test('a 401 from any authenticated call logs the user out (the change goes through the store)', async () => {
  const account = newAccount();
  const { sdk, storage, timers } = setup();
  await sdk.auth.register(account.username, account.email, account.password);
  await sdk.auth.login(account.email, account.password);
  const states: boolean[] = [];
  sdk.auth.subscribe((state) => states.push(state.authenticated));
  sdk.auth.replaceToken(jwt.sign({ userId: 'x', tv: 0 }, 'another-secret', { issuer: 'devcircle' }));
  const error = await sdk.api.get('/api/auth/me').catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ApiError);
  expect(error).toMatchObject({ status: 401, code: 'UNAUTHORIZED', isDatabaseError: false });
  expect(states).toEqual([true, false]);
  expect(storage.getItem('token')).toBeNull();
  expect(timers.intervals.size).toBe(0);
});

test('login failure: the server message, the session untouched (a 401 there is not a logout)', async () => {
  const account = newAccount();
  const { sdk } = setup();
  await sdk.auth.register(account.username, account.email, account.password);
  const error = await sdk.auth.login(account.email, 'wrong-password').catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ApiError);
  expect(error).toMatchObject({ status: 401, message: 'Invalid email or password', isDatabaseError: false });
  expect(sdk.auth.getState().authenticated).toBe(true);
});

test('registration validation failure: the server message and the field list', async () => {
  const { sdk } = setup();
  const error = (await sdk.auth.register('ab', 'not-an-email', '1').catch((e: unknown) => e)) as ApiError;
  expect(error).toBeInstanceOf(ApiError);
  expect(error.status).toBe(400);
  expect(error.code).toBe('VALIDATION_ERROR');
  expect(error.message).toEqual(expect.any(String));
  expect(error.message).not.toBe('Registration failed');
  expect(error.errors?.map((e) => e.field)).toEqual(
    expect.arrayContaining(['username', 'email', 'password']),
  );
  expect(sdk.auth.getState().authenticated).toBe(false);
});

test('updateUser replaces the held user; replaceToken replaces the stored one', async () => {
  const account = newAccount();
  const { sdk, storage } = setup();
  const user = await sdk.auth.register(account.username, account.email, account.password);
  sdk.auth.updateUser({ ...user, displayName: 'New Name' });
  expect(sdk.auth.getState().user?.displayName).toBe('New Name');
  sdk.auth.replaceToken('next-token');
  expect(sdk.auth.getState().token).toBe('next-token');
  expect(storage.getItem('token')).toBe('next-token');
});
