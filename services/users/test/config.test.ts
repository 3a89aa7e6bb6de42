import { loadUsersSettings } from '../src';

test('POSTS_URL and AUTH_URL default to this machine at the posts and auth ports', () => {
  expect(loadUsersSettings({})).toEqual({
    postsUrl: 'http://127.0.0.1:4002',
    authUrl: 'http://127.0.0.1:4001',
    upstreamTimeoutMs: 3000,
  });
  expect(loadUsersSettings({ POSTS_PORT: '5002', AUTH_PORT: '5001' })).toMatchObject({
    postsUrl: 'http://127.0.0.1:5002',
    authUrl: 'http://127.0.0.1:5001',
  });
  expect(
    loadUsersSettings({ POSTS_URL: 'http://posts.internal:80/', AUTH_URL: 'https://auth.internal' }),
  ).toMatchObject({
    postsUrl: 'http://posts.internal',
    authUrl: 'https://auth.internal',
  });
});

test('a value that is not an http(s) URL stops the start with its message', () => {
  expect(() => loadUsersSettings({ POSTS_URL: 'not a url' })).toThrow(
    'POSTS_URL is not a valid URL: not a url',
  );
  expect(() => loadUsersSettings({ AUTH_URL: 'ftp://auth' })).toThrow('AUTH_URL must be http or https');
});
