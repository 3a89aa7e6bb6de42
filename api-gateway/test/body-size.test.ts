import type { RunningGateway } from '../src';
import { alice, bearer, rawRequest, sign, startTestGateway, startUpstream, type Upstream } from './helpers';

const LIMIT = 64 * 1024;
let posts: Upstream;
let auth: Upstream;
let gateway: RunningGateway;

beforeAll(async () => {
  posts = await startUpstream('posts');
  auth = await startUpstream('auth');
  gateway = await startTestGateway({
    AUTH_URLS: auth.url,
    POSTS_URLS: posts.url,
    USERS_URLS: posts.url,
    NOTIFICATIONS_URLS: posts.url,
    MAX_BODY_BYTES: String(LIMIT),
  });
});
afterAll(async () => {
  await gateway.stop();
  await Promise.all([posts.stop(), auth.stop()]);
});

const headers = (requestId: string) => ({
  ...bearer(sign(alice)),
  'content-type': 'application/octet-stream',
  'x-request-id': requestId,
});
const seenWith = (upstream: Upstream, requestId: string) =>
  upstream.seen.filter((seen) => seen.headers['x-request-id'] === requestId);
const TOO_LARGE = {
  message: `Request body is too large (at most ${LIMIT} bytes)`,
  code: 'PAYLOAD_TOO_LARGE',
};

test('a declared Content-Length over MAX_BODY_BYTES is refused with 413 before reaching the service', async () => {
  const response = await fetch(`${gateway.url}/api/posts`, {
    method: 'POST',
    headers: headers('declared-too-large'),
    body: Buffer.alloc(LIMIT + 1, 'x'),
  });
  expect(response.status).toBe(413);
  expect(await response.json()).toEqual(TOO_LARGE);
  expect(seenWith(posts, 'declared-too-large')).toEqual([]);
  // The connection stays usable and the next request goes through.
  expect((await fetch(`${gateway.url}/api/posts`, { headers: headers('after-413') })).status).toBe(200);
});

test('a chunked body that grows past the limit is cut off with 413; the service never gets a complete request', async () => {
  const chunks = Array.from({ length: 40 }, () => Buffer.alloc(4 * 1024, 'y')); // 160 kB in 4 kB chunks
  const response = await rawRequest(gateway.url, {
    method: 'POST',
    path: '/api/posts',
    headers: headers('chunked-too-large'),
    chunks,
  });
  expect(response.status).toBe(413);
  expect(JSON.parse(response.body)).toEqual(TOO_LARGE);
  expect(seenWith(posts, 'chunked-too-large').filter((seen) => seen.complete)).toEqual([]);
});

test('bodies up to the limit stream through whole, chunked or not', async () => {
  const declared = await fetch(`${gateway.url}/api/posts`, {
    method: 'POST',
    headers: headers('declared-ok'),
    body: Buffer.alloc(LIMIT, 'z'),
  });
  expect(declared.status).toBe(200);
  expect(await declared.json()).toMatchObject({ bodyLength: LIMIT });

  const chunked = await rawRequest(gateway.url, {
    method: 'POST',
    path: '/api/posts',
    headers: headers('chunked-ok'),
    chunks: Array.from({ length: 16 }, () => Buffer.alloc(4 * 1024, 'w')),
  });
  expect(chunked.status).toBe(200);
  expect(JSON.parse(chunked.body)).toMatchObject({ bodyLength: LIMIT });
  expect(seenWith(posts, 'chunked-ok')[0].headers['transfer-encoding']).toBe('chunked');
});

test('the rate-limited auth routes cap the body they read, and forward the JSON they read', async () => {
  const big = JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(LIMIT) });
  const refused = await rawRequest(gateway.url, {
    method: 'POST',
    path: '/api/auth/login',
    headers: { 'content-type': 'application/json', 'x-request-id': 'login-too-large' },
    chunks: [Buffer.from(big)],
  });
  expect(refused.status).toBe(413);
  expect(seenWith(auth, 'login-too-large')).toEqual([]);

  // The JSON the gateway read (odd spacing, unicode, a byte-order mark, sent chunked) arrives as plain JSON with a
  // matching Content-Length: auth reads exactly what the limits counted.
  const original = '\uFEFF{ "email" : "Ünïcode@Example.com",\n  "password": "pässwörd" }';
  const response = await rawRequest(gateway.url, {
    method: 'POST',
    path: '/api/auth/login',
    headers: { 'content-type': 'application/json', 'x-request-id': 'login-bytes' },
    chunks: [Buffer.from(original.slice(0, 10)), Buffer.from(original.slice(10))],
  });
  expect(response.status).toBe(200);
  const [seen] = seenWith(auth, 'login-bytes');
  const plain = '{"email":"Ünïcode@Example.com","password":"pässwörd"}';
  expect(seen.body.toString('utf8')).toBe(plain);
  expect(seen.headers['content-length']).toBe(String(Buffer.byteLength(plain)));
  expect(seen.headers['transfer-encoding']).toBeUndefined();
});
