/**
 * @jest-environment node
 */
// The real back end runs in this file, so it uses Node's environment (jsdom has no fetch, TextEncoder or
// setImmediate, which the database driver and Node's fetch need): the SDK gets Node's fetch and a memory storage.
import jwt from 'jsonwebtoken';
import { REGISTRATION_PENDING_MESSAGE } from '@devcircle/contracts';
import { mailedRegistrationToken } from '@devcircle/service-test-kit';
import { ApiError, createSdk, memoryStorage, PING_INTERVAL_MS, type StorageLike } from '../src';
import { JWT_SECRET, manualTimers, recordingFetch, signUp, startBackend, type Backend } from './backend';

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

test('register: the pending message, nobody signed in; the same for an address that has an account', async () => {
  const { sdk, storage, calls } = setup();
  const account = newAccount();
  const changes: boolean[] = [];
  sdk.auth.subscribe((state) => changes.push(state.authenticated));
  const pending = await sdk.auth.register(account.username, account.email, account.password);
  expect(pending).toEqual({ message: REGISTRATION_PENDING_MESSAGE });
  expect(sdk.auth.getState()).toMatchObject({ user: null, token: null, authenticated: false });
  expect(storage.getItem('token')).toBeNull();
  expect(changes).toEqual([]);
  expect(calls.map((call) => call.path)).toEqual(['/api/auth/register']);

  await signUp(backend, setup().sdk, account);
  const again = await sdk.auth.register(`${account.username}b`, account.email, account.password);
  expect(again).toEqual(pending);
});

test('confirmRegistration: the account from the mailed link; token stored, user set, authenticated, no ping', async () => {
  const { sdk, storage, timers } = setup();
  const account = newAccount();
  const token = await mailedRegistrationToken(backend.outboxDir, account.email, () =>
    sdk.auth.register(account.username, account.email, account.password),
  );
  const changes: boolean[] = [];
  sdk.auth.subscribe((state) => changes.push(state.authenticated));
  const user = await sdk.auth.confirmRegistration(token);
  expect(user).toMatchObject({ username: account.username, email: account.email });
  expect(user.id).toMatch(/^[0-9a-f]{24}$/);
  const state = sdk.auth.getState();
  expect(state).toMatchObject({ user, authenticated: true, loading: false });
  expect(state.token).toBeTruthy();
  expect(storage.getItem('token')).toBe(state.token);
  expect(changes).toEqual([true]);
  expect(timers.intervals.size).toBe(0);

  // The link is used up: a second confirmation is the server's message, and the session stays.
  const error = (await sdk.auth.confirmRegistration(token).catch((e: unknown) => e)) as ApiError;
  expect(error).toBeInstanceOf(ApiError);
  expect(error).toMatchObject({ status: 400, message: 'This link is invalid or has expired.' });
  expect(sdk.auth.getState().user).toEqual(user);
});

test('login: token stored, user set, the ping every 10 minutes with the bearer token, skipped while hidden', async () => {
  const account = newAccount();
  await signUp(backend, setup().sdk, account);
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
  await signUp(backend, first.sdk, account);
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
  await signUp(backend, sdk, account);
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
  await signUp(backend, sdk, account);
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
  const user = await signUp(backend, sdk, account);
  sdk.auth.updateUser({ ...user, displayName: 'New Name' });
  expect(sdk.auth.getState().user?.displayName).toBe('New Name');
  sdk.auth.replaceToken('next-token');
  expect(sdk.auth.getState().token).toBe('next-token');
  expect(storage.getItem('token')).toBe('next-token');
});
