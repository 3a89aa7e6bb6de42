/**
 * @jest-environment node
 */
// `api.prefetch`: the shell asks for a screen's first data before the screen's code has loaded; the screen's own
// `get` then takes that answer instead of asking again. Against the real gateway and auth service.
import { createSdk, memoryStorage, PREFETCH_TTL_MS, type FetchLike } from '../src';
import { manualTimers, recordingFetch, signUp, startBackend, type Backend } from './backend';

let backend: Backend;
beforeAll(async () => {
  backend = await startBackend();
});
afterAll(() => backend.stop());

let seq = 0;
/** A signed-in SDK whose network can be cut for its next request (`offlineOnce`), and the calls it made. */
async function signedIn() {
  seq++;
  const recorder = recordingFetch();
  let offline = false;
  const fetch: FetchLike = (input, init) => {
    if (offline) {
      offline = false;
      return Promise.reject(new TypeError('fetch failed'));
    }
    return recorder.fetch(input, init);
  };
  const timers = manualTimers();
  const sdk = createSdk({ baseUrl: backend.url, fetch, storage: memoryStorage(), timers, log: () => {} });
  const account = { username: `pre${seq}x`, email: `pre${seq}@example.com`, password: 'secret123' };
  const user = await signUp(backend, sdk, account);
  recorder.calls.length = 0;
  const meReads = () => recorder.calls.filter((call) => call.path === '/api/auth/me').length;
  return { sdk, user, timers, meReads, offlineOnce: () => (offline = true) };
}

test('the first get of a prefetched path takes its answer: one request for both', async () => {
  const { sdk, user, meReads } = await signedIn();
  sdk.api.prefetch('/api/auth/me');
  expect(meReads()).toBe(1);
  await expect(sdk.api.get('/api/auth/me')).resolves.toMatchObject({ username: user.username });
  expect(meReads()).toBe(1);
  // Taken once: the next get asks the server.
  await sdk.api.get('/api/auth/me');
  expect(meReads()).toBe(2);
});

test('a prefetch made with another token is not used: the get asks with its own', async () => {
  const { sdk, meReads } = await signedIn();
  sdk.api.prefetch('/api/auth/me');
  sdk.auth.logout();
  await expect(sdk.api.get('/api/auth/me')).rejects.toMatchObject({ status: 401 });
  expect(meReads()).toBe(2);
});

test('an unclaimed prefetch is dropped after PREFETCH_TTL_MS', async () => {
  const { sdk, timers, meReads } = await signedIn();
  sdk.api.prefetch('/api/auth/me');
  timers.fireTimeouts(PREFETCH_TTL_MS);
  await sdk.api.get('/api/auth/me');
  expect(meReads()).toBe(2);
});

test('a failed prefetch is forgotten: the get asks the server itself and gets its answer', async () => {
  const { sdk, user, meReads, offlineOnce } = await signedIn();
  offlineOnce();
  sdk.api.prefetch('/api/auth/me');
  await expect(sdk.api.get('/api/auth/me')).resolves.toMatchObject({ username: user.username });
  expect(meReads()).toBe(1);
});
