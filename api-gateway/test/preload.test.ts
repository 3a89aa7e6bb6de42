import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { RunningGateway } from '../src';
import { rawRequest, startTestGateway, startUpstream, type Upstream } from './helpers';

// Builds shaped as `npm run build:web` writes them: each remote's mf-manifest.json names its entry (publicPath
// 'auto': beside the manifest).
let dir: string;
let upstream: Upstream;
let gateway: RunningGateway;

function write(file: string, content: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
}

function manifest(name: string, entry: { name: string; path: string }): string {
  return JSON.stringify({
    id: name,
    name,
    metaData: {
      name,
      type: 'app',
      remoteEntry: { ...entry, type: 'global' },
      globalName: name,
      publicPath: 'auto',
    },
    shared: [],
    remotes: [],
    exposes: [{ id: `${name}:parcel`, name: 'parcel', path: './parcel', assets: {} }],
  });
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gateway-preload-'));
  write(path.join(dir, 'shell', 'index.html'), '<!doctype html><title>DevCircle shell</title>');
  write(path.join(dir, 'shell', 'main.3f9a1c2b.js'), 'main();');
  write(path.join(dir, 'feed', 'mf-manifest.json'), manifest('feed', { name: 'remoteEntry.js', path: '' }));
  write(path.join(dir, 'feed', 'remoteEntry.js'), 'var feed;');
  write(
    path.join(dir, 'profile', 'mf-manifest.json'),
    manifest('profile', { name: 'remoteEntry.js', path: './static/' }),
  );
  write(path.join(dir, 'profile', 'static', 'remoteEntry.js'), 'var profile;');
  write(
    path.join(dir, 'notifications', 'mf-manifest.json'),
    manifest('notifications', { name: 'remoteEntry.js', path: '' }),
  );
  upstream = await startUpstream('api');
  gateway = await startTestGateway({
    AUTH_URLS: upstream.url,
    POSTS_URLS: upstream.url,
    USERS_URLS: upstream.url,
    NOTIFICATIONS_URLS: upstream.url,
    SERVE_STATIC: 'true',
    SHELL_DIST: path.join(dir, 'shell'),
    REMOTE_FEED_DIST: path.join(dir, 'feed'),
    REMOTE_PROFILE_DIST: path.join(dir, 'profile'),
    REMOTE_NOTIFICATIONS_DIST: path.join(dir, 'notifications'),
    REMOTE_EXPLORE_DIST: path.join(dir, 'explore-not-built'),
    REMOTE_ACCOUNT_URL: 'https://account.cdn.example.com/v42/mf-manifest.json',
  });
});
afterAll(async () => {
  await gateway.stop();
  await upstream.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

const page = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8', 'accept-encoding': 'br, gzip' };
const linkOf = async (
  urlPath: string,
  headers: Record<string, string> = page,
): Promise<string | undefined> => {
  const response = await rawRequest(gateway.url, { path: urlPath, headers });
  expect({ urlPath, status: response.status }).toEqual({ urlPath, status: 200 });
  return response.headers.link as string | undefined;
};

const hint = (manifest: string): string => `<${manifest}>; rel=preload; as=fetch; crossorigin`;
const FEED = hint('/remotes/feed/mf-manifest.json');
const PROFILE = hint('/remotes/profile/mf-manifest.json');

test.each([
  ['/feed', FEED],
  ['/create-post', FEED],
  ['/post/65f0c0ffee', FEED],
  ['/profile/ada', PROFILE],
  ['/profile/ada%20l/followers', PROFILE],
  ['/edit-profile', PROFILE],
  ['/notifications', hint('/remotes/notifications/mf-manifest.json')],
  // Hosted elsewhere: hinted as configured, the gateway cannot know whether it is there.
  ['/settings', hint('https://account.cdn.example.com/v42/mf-manifest.json')],
  ['/login', hint('https://account.cdn.example.com/v42/mf-manifest.json')],
])('a page load at %s hints its remote’s manifest, not its entry', async (urlPath, expected) => {
  expect(await linkOf(urlPath)).toBe(expected);
});

test.each([
  ['/', 'the landing for a visitor'],
  ['/support', 'a page of the shell'],
  ['/privacy', 'a page of the shell'],
  ['/messages', 'a page of the shell'],
  ['/no-such-page', 'an unknown path'],
  ['/explore', 'a remote that is not built'],
])('no hints at %s (%s)', async (urlPath) => {
  expect(await linkOf(urlPath)).toBeUndefined();
});

test('only page loads get hints: not the files, not index.html asked by name', async () => {
  expect(await linkOf('/index.html')).toBeUndefined();
  expect(await linkOf('/main.3f9a1c2b.js', {})).toBeUndefined();
  expect(await linkOf('/remotes/feed/mf-manifest.json', {})).toBeUndefined();
});

test('a 304 for a deep link still names what to preload', async () => {
  const first = await rawRequest(gateway.url, { path: '/feed', headers: page });
  const again = await rawRequest(gateway.url, {
    path: '/feed',
    headers: { ...page, 'if-none-match': first.headers.etag as string },
  });
  expect(again.status).toBe(304);
  expect(again.headers.link).toBe(FEED);
});

test('a remote built after the gateway started is hinted from then on', async () => {
  expect(await linkOf('/explore')).toBeUndefined();
  write(
    path.join(dir, 'explore-not-built', 'mf-manifest.json'),
    manifest('explore', { name: 'remoteEntry.js', path: '' }),
  );
  expect(await linkOf('/explore')).toBe(hint('/remotes/explore/mf-manifest.json'));
});
