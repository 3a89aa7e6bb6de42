import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { RunningGateway } from '../src';
import { rawRequest, startTestGateway, startUpstream, type Upstream } from './helpers';

const IMMUTABLE = 'public, max-age=31536000, immutable';

let dir: string;
let upstream: Upstream;
let gateway: RunningGateway;

function write(file: string, content: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gateway-static-'));
  write(path.join(dir, 'shell', 'index.html'), '<!doctype html><title>DevCircle shell</title>');
  write(path.join(dir, 'shell', 'main.3f9a1c2b.js'), 'console.log("shell");');
  write(path.join(dir, 'shell', 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  write(path.join(dir, 'feed', 'remoteEntry.js'), 'var feed;');
  write(path.join(dir, 'feed', 'mf-manifest.json'), '{"name":"feed"}');
  write(path.join(dir, 'feed', 'static', 'js', '481.ab12cd34ef.js'), 'feedChunk();');
  upstream = await startUpstream('api');
  gateway = await startTestGateway({
    AUTH_URLS: upstream.url,
    POSTS_URLS: upstream.url,
    USERS_URLS: upstream.url,
    NOTIFICATIONS_URLS: upstream.url,
    SERVE_STATIC: 'true',
    SHELL_DIST: path.join(dir, 'shell'),
    REMOTE_FEED_DIST: path.join(dir, 'feed'),
    REMOTE_PROFILE_DIST: path.join(dir, 'no-such-build'),
    REMOTE_EXPLORE_DIST: path.join(dir, 'not-built-either'),
    REMOTE_ACCOUNT_URL: 'https://account.cdn.example.com/v42/mf-manifest.json',
    CORS_ORIGINS: 'https://partner.example.com, http://localhost:3000',
  });
});
afterAll(async () => {
  await gateway.stop();
  await upstream.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
const get = (urlPath: string, headers: Record<string, string> = {}) =>
  fetch(`${gateway.url}${urlPath}`, { headers });

test('/remotes.json lists each remote’s manifest: env overrides, the rest at /remotes/<name>/', async () => {
  const response = await get('/remotes.json');
  expect(response.status).toBe(200);
  expect(response.headers.get('cache-control')).toBe('no-cache');
  expect(await response.json()).toEqual({
    feed: '/remotes/feed/mf-manifest.json',
    profile: '/remotes/profile/mf-manifest.json',
    explore: '/remotes/explore/mf-manifest.json',
    notifications: '/remotes/notifications/mf-manifest.json',
    account: 'https://account.cdn.example.com/v42/mf-manifest.json',
  });
});

test('the shell is served at / with index.html never cached', async () => {
  const response = await get('/', html);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/text\/html/);
  expect(response.headers.get('cache-control')).toBe('no-cache');
  expect(await response.text()).toContain('DevCircle shell');
});

test('history fallback: page routes get index.html; missing files and unknown API paths do not', async () => {
  for (const route of ['/feed', '/profile/ada', '/post/123', '/settings']) {
    const response = await get(route, html);
    expect({ route, status: response.status }).toEqual({ route, status: 200 });
    expect(await response.text()).toContain('DevCircle shell');
  }
  const missingFile = await get('/missing.3f9a1c2b.js', html);
  expect(missingFile.status).toBe(404);
  // Not a page request (a script asking for JSON): no fallback.
  expect((await get('/feed', { accept: 'application/json' })).status).toBe(404);
  const api = await get('/api/does-not-exist', html);
  expect(api.status).toBe(404);
  expect(await api.json()).toEqual({ message: 'Not found', code: 'NOT_FOUND' });
});

test('cache classes: hashed chunks immutable for a year; entry files and unhashed files revalidated', async () => {
  const expectations: [string, string][] = [
    ['/main.3f9a1c2b.js', IMMUTABLE],
    ['/favicon.svg', 'no-cache'],
    ['/index.html', 'no-cache'],
    ['/remotes/feed/remoteEntry.js', 'no-cache'],
    ['/remotes/feed/mf-manifest.json', 'no-cache'],
    ['/remotes/feed/static/js/481.ab12cd34ef.js', IMMUTABLE],
  ];
  for (const [file, cacheControl] of expectations) {
    const response = await get(file);
    expect({ file, status: response.status, cacheControl: response.headers.get('cache-control') }).toEqual({
      file,
      status: 200,
      cacheControl,
    });
  }
  expect(await (await get('/remotes/feed/mf-manifest.json')).json()).toEqual({ name: 'feed' });
});

test('a browser copy that is still current gets 304', async () => {
  const first = await get('/remotes/feed/remoteEntry.js');
  const lastModified = first.headers.get('last-modified') as string;
  expect(lastModified).toBeTruthy();
  // node:http, not fetch: fetch adds `Cache-Control: no-cache` to conditional requests, which rightly defeats them.
  const again = await rawRequest(gateway.url, {
    path: '/remotes/feed/remoteEntry.js',
    headers: { 'if-modified-since': lastModified },
  });
  expect(again.status).toBe(304);
});

test('a remote whose build folder is missing answers 404 for its files; the gateway carries on', async () => {
  expect((await get('/remotes/profile/mf-manifest.json')).status).toBe(404);
  expect((await get('/remotes/explore/remoteEntry.js')).status).toBe(404);
  expect((await get('/health')).status).toBe(200);
});

test('paths cannot climb out of a build folder', async () => {
  const secret = path.join(dir, 'secret.txt');
  fs.writeFileSync(secret, 'do not serve');
  for (const attempt of [
    '/../secret.txt',
    '/remotes/feed/../../secret.txt',
    '/%2e%2e/secret.txt',
    '/remotes/feed/%2e%2e/%2e%2e/secret.txt',
    '/remotes/feed/..%2f..%2fsecret.txt',
  ]) {
    const response = await rawRequest(gateway.url, { path: attempt });
    expect({ attempt, status: response.status }).toEqual({ attempt, status: expect.any(Number) });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.body).not.toContain('do not serve');
  }
});

test('security headers on pages and API answers, with a CSP for the app’s own origin', async () => {
  for (const response of [await get('/', html), await get('/api/posts')]) {
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self' https://account.cdn.example.com");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toMatch(/connect-src 'self' ws:\/\/127\.0\.0\.1:\d+ wss:\/\/127\.0\.0\.1:\d+/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(response.headers.get('x-powered-by')).toBeNull();
  }
});

test('CORS: configured origins are allowed, others get no CORS headers and their preflights a 403', async () => {
  const allowed = await get('/api/auth/me', { origin: 'https://partner.example.com' });
  expect(allowed.headers.get('access-control-allow-origin')).toBe('https://partner.example.com');
  expect(allowed.headers.get('access-control-expose-headers')).toContain('X-Request-Id');

  const preflight = await fetch(`${gateway.url}/api/posts`, {
    method: 'OPTIONS',
    headers: {
      origin: 'http://localhost:3000',
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'authorization,content-type',
    },
  });
  expect(preflight.status).toBe(204);
  expect(preflight.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
  expect(preflight.headers.get('access-control-allow-headers')).toContain('Authorization');
  expect(preflight.headers.get('access-control-allow-methods')).toContain('PUT');

  const other = await get('/api/auth/me', { origin: 'https://evil.example.com' });
  expect(other.headers.get('access-control-allow-origin')).toBeNull();
  const otherPreflight = await fetch(`${gateway.url}/api/posts`, {
    method: 'OPTIONS',
    headers: { origin: 'https://evil.example.com', 'access-control-request-method': 'DELETE' },
  });
  expect(otherPreflight.status).toBe(403);
  expect(otherPreflight.headers.get('access-control-allow-origin')).toBeNull();
  expect(await otherPreflight.json()).toEqual({ message: 'This origin is not allowed', code: 'FORBIDDEN' });
});

test('no CORS_ORIGINS (the default): no origin gets CORS headers', async () => {
  const sameOrigin = await startTestGateway({ AUTH_URLS: upstream.url, POSTS_URLS: upstream.url });
  try {
    const response = await fetch(`${sameOrigin.url}/health`, {
      headers: { origin: 'https://partner.example.com' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  } finally {
    await sameOrigin.stop();
  }
});

test('without a build, / answers a small 503 page that says how to build; the API still works', async () => {
  const unbuilt = await startTestGateway({
    AUTH_URLS: upstream.url,
    POSTS_URLS: upstream.url,
    SERVE_STATIC: 'true',
    SHELL_DIST: path.join(dir, 'nothing-built-here'),
  });
  try {
    for (const route of ['/', '/feed']) {
      const page = await fetch(`${unbuilt.url}${route}`, { headers: html });
      expect(page.status).toBe(503);
      expect(page.headers.get('content-type')).toMatch(/text\/html/);
      const text = await page.text();
      expect(text).toContain('not built yet');
      expect(text).toContain('npm run build');
    }
    expect((await fetch(`${unbuilt.url}/health`)).status).toBe(200);
    expect((await fetch(`${unbuilt.url}/remotes.json`)).status).toBe(200);
    expect((await fetch(`${unbuilt.url}/api/posts`)).status).toBe(401);
  } finally {
    await unbuilt.stop();
  }
});

test('SERVE_STATIC=false: no files, / is a 404', async () => {
  const apiOnly = await startTestGateway({ SHELL_DIST: path.join(dir, 'shell'), SERVE_STATIC: 'false' });
  try {
    expect((await fetch(`${apiOnly.url}/`, { headers: html })).status).toBe(404);
    expect((await fetch(`${apiOnly.url}/remotes.json`)).status).toBe(200);
  } finally {
    await apiOnly.stop();
  }
});
