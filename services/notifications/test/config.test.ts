import { loadNotificationsSettings } from '../src/config';

test('without AUTH_URLS, auth is on this machine at AUTH_PORT; revocations are polled every second', () => {
  expect(loadNotificationsSettings({ AUTH_PORT: '4111' })).toEqual({
    authUrls: ['http://127.0.0.1:4111'],
    revocationPollMs: 1000,
    revocationTimeoutMs: 2000,
  });
});

test('AUTH_URLS takes several instances; AUTH_URL one', () => {
  const settings = loadNotificationsSettings({
    AUTH_URLS: 'http://a:1/, http://b:2',
    REVOCATION_POLL_MS: '250',
  });
  expect(settings.authUrls).toEqual(['http://a:1', 'http://b:2']);
  expect(settings.revocationPollMs).toBe(250);
  expect(loadNotificationsSettings({ AUTH_URL: 'https://auth.internal' }).authUrls).toEqual([
    'https://auth.internal',
  ]);
});

test.each([
  [{ AUTH_URLS: 'not a url' }, 'AUTH_URLS is not a valid URL: not a url'],
  [{ AUTH_URLS: 'ftp://auth' }, 'AUTH_URLS must be http or https'],
  [{ REVOCATION_POLL_MS: '0' }, 'REVOCATION_POLL_MS must be an integer of at least 1 (got "0")'],
  [{ REVOCATION_TIMEOUT_MS: 'soon' }, 'REVOCATION_TIMEOUT_MS must be an integer of at least 1 (got "soon")'],
])('a bad setting %p stops the start with a message', (env, message) => {
  expect(() => loadNotificationsSettings(env)).toThrow(message);
});
