import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { decodeIdentity } from '@devcircle/service-kit';
import type { RunningGateway } from '../src';
import {
  alice,
  bearer,
  INTERNAL_SECRET,
  rawRequest,
  sign,
  startTestGateway,
  startUpstream,
  type Upstream,
} from './helpers';

let auth: Upstream;
let posts: Upstream;
let users: Upstream;
let notifications: Upstream;
let gateway: RunningGateway;

/** Streaming probes: each resolves when the other side has seen the first part. */
let uploadFirstChunkSeen: () => void = () => undefined;
let downloadFirstChunkSeen: Promise<void> = Promise.resolve();

function streamingPosts(req: IncomingMessage, res: ServerResponse): void {
  if (req.url === '/api/posts/upload') {
    // Tells the test as soon as the first bytes arrive, then hashes the rest as it streams in.
    const hash = createHash('sha256');
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      if (size === 0) uploadFirstChunkSeen();
      size += chunk.length;
      hash.update(chunk);
    });
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ size, sha256: hash.digest('hex') }));
    });
    return;
  }
  if (req.url === '/api/posts/download') {
    // Sends the first part, and the rest only once the client has received the first part.
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.write('first part;');
    void downloadFirstChunkSeen.then(() => res.end('second part'));
    return;
  }
  req.resume();
  req.on('end', () => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ upstream: 'posts', url: req.url, headers: req.headers }));
  });
}

beforeAll(async () => {
  auth = await startUpstream('auth');
  posts = await startUpstream('posts', undefined, { stream: streamingPosts });
  users = await startUpstream('users');
  notifications = await startUpstream('notifications');
  gateway = await startTestGateway({
    AUTH_URLS: auth.url,
    POSTS_URLS: posts.url,
    USERS_URLS: users.url,
    NOTIFICATIONS_URLS: notifications.url,
  });
});
afterAll(async () => {
  await gateway.stop();
  await Promise.all([auth.stop(), posts.stop(), users.stop(), notifications.stop()]);
});

const token = sign(alice);
const call = (path: string, init: RequestInit = {}) =>
  fetch(`${gateway.url}${path}`, { ...init, headers: { ...bearer(token), ...init.headers } });

test('each API path goes to the service the contract names', async () => {
  const cases: [string, string, string][] = [
    ['GET', '/api/auth/me', 'auth'],
    ['PUT', '/api/users/u-alice/password', 'auth'],
    ['PUT', '/api/users/u-alice', 'users'],
    ['GET', '/api/users?search=ada', 'users'],
    ['GET', '/api/users/ada/followers', 'users'],
    ['GET', '/api/posts?page=1&limit=10', 'posts'],
    ['PUT', '/api/posts/p1/like', 'posts'],
    ['GET', '/api/notifications', 'notifications'],
    ['DELETE', '/api/notifications/all', 'notifications'],
    ['POST', '/api/report-bug', 'notifications'],
    ['POST', '/api/reports', 'notifications'],
    ['GET', '/api/moderation/reports', 'notifications'],
    ['GET', '/socket.io/?EIO=4&transport=polling', 'notifications'],
  ];
  for (const [method, path, service] of cases) {
    const response = await call(path, { method });
    expect({ path, status: response.status }).toEqual({ path, status: 200 });
    const body = (await response.json()) as { upstream: string; url: string };
    expect({ path, upstream: body.upstream, url: body.url }).toEqual({ path, upstream: service, url: path });
  }
});

test('unknown /api paths and /internal answer 404 without reaching a service', async () => {
  const probe = { ...bearer(token), 'x-request-id': 'not-routed-probe' };
  for (const path of [
    '/api/nothing-here',
    '/api',
    '/internal/revocations',
    '/internal',
    '/INTERNAL/revocations',
  ]) {
    const response = await fetch(`${gateway.url}${path}`, { headers: probe });
    expect({ path, status: response.status }).toEqual({ path, status: 404 });
    expect(await response.json()).toEqual({ message: 'Not found', code: 'NOT_FOUND' });
  }
  // Encoded or dot-segment tricks do not reach /internal either.
  expect((await rawRequest(gateway.url, { path: '/%69nternal/revocations', headers: probe })).status).toBe(
    404,
  );
  const dots = await rawRequest(gateway.url, {
    path: '/api/posts/../../internal/revocations',
    headers: probe,
  });
  expect(dots.status).toBe(400);
  expect(JSON.parse(dots.body)).toEqual({ message: 'Invalid request path', code: 'BAD_REQUEST' });
  const reached = [auth, posts, users, notifications].flatMap((upstream) =>
    upstream.seen.filter((seen) => seen.headers['x-request-id'] === 'not-routed-probe'),
  );
  expect(reached).toEqual([]);
});

test('client-sent identity, internal and revoked headers never reach a service; the gateway sets its own identity', async () => {
  const forged = {
    'x-devcircle-identity': 'eyJpZCI6ImFkbWluIn0.forged',
    'x-devcircle-internal': INTERNAL_SECRET,
    'x-devcircle-revoked': 'u-alice:99',
  };
  const anonymous = await fetch(`${gateway.url}/api/report-bug`, { method: 'POST', headers: forged });
  const anonymousHeaders = ((await anonymous.json()) as { headers: Record<string, string> }).headers;
  expect(anonymousHeaders['x-devcircle-identity']).toBeUndefined();
  expect(anonymousHeaders['x-devcircle-internal']).toBeUndefined();
  expect(anonymousHeaders['x-devcircle-revoked']).toBeUndefined();

  const signedIn = await call('/api/notifications', { headers: forged });
  const headers = ((await signedIn.json()) as { headers: Record<string, string> }).headers;
  expect(headers['x-devcircle-internal']).toBeUndefined();
  expect(decodeIdentity(headers['x-devcircle-identity'], INTERNAL_SECRET)).toEqual({
    id: alice.userId,
    username: alice.username,
    email: alice.email,
  });
  // The token itself still travels (services may need it); the identity is what they trust.
  expect(headers.authorization).toBe(`Bearer ${token}`);
  // The "revoked" header sent by the client had no effect: alice's token still works.
  expect((await call('/api/notifications')).status).toBe(200);
});

test('request ids: kept when the client sends one, generated when not, the same upstream and back', async () => {
  const given = await call('/api/posts', { headers: { 'x-request-id': 'trace-abc-123' } });
  expect(given.headers.get('x-request-id')).toBe('trace-abc-123');
  expect(((await given.json()) as { headers: Record<string, string> }).headers['x-request-id']).toBe(
    'trace-abc-123',
  );

  const generated = await call('/api/posts');
  const id = generated.headers.get('x-request-id');
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  expect(((await generated.json()) as { headers: Record<string, string> }).headers['x-request-id']).toBe(id);

  const invalid = await call('/api/posts', { headers: { 'x-request-id': 'has spaces; and=more' } });
  expect(invalid.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);

  // Also on the gateway's own answers.
  expect((await fetch(`${gateway.url}/health`)).headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
});

test('x-forwarded-for carries the client address and cannot be spoofed by the client', async () => {
  const response = await call('/api/posts', { headers: { 'x-forwarded-for': '6.6.6.6' } });
  const headers = ((await response.json()) as { headers: Record<string, string> }).headers;
  expect(headers['x-forwarded-for']).toMatch(/^(::ffff:)?127\.0\.0\.1$/);
});

test('uploads stream through: the service sees the first bytes before the client has sent the rest', async () => {
  const firstSeen = new Promise<void>((resolve) => {
    uploadFirstChunkSeen = resolve;
  });
  const first = Buffer.alloc(64 * 1024, 'a');
  const rest = Buffer.alloc(700 * 1024, 'b');
  let sendRest: (chunk: Uint8Array) => void = () => undefined;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(first);
      sendRest = (chunk) => {
        controller.enqueue(chunk);
        controller.close();
      };
    },
  });
  const pending = fetch(`${gateway.url}/api/posts/upload`, {
    method: 'POST',
    headers: { ...bearer(token), 'content-type': 'application/octet-stream' },
    body,
    duplex: 'half',
  } as RequestInit);
  await firstSeen; // a buffering gateway would wait for the whole body: this would never resolve
  sendRest(rest);
  const response = await pending;
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({
    size: first.length + rest.length,
    sha256: createHash('sha256').update(first).update(rest).digest('hex'),
  });
});

test('responses stream through: the client gets the first part before the service sends the rest', async () => {
  let clientGotFirst: () => void = () => undefined;
  downloadFirstChunkSeen = new Promise<void>((resolve) => {
    clientGotFirst = resolve;
  });
  const response = await call('/api/posts/download');
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let text = '';
  while (!text.includes('first part;')) {
    const { value } = await reader.read();
    text += decoder.decode(value);
  }
  clientGotFirst();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value);
  }
  expect(text).toBe('first part;second part');
});

test('proxied requests reuse keep-alive connections to the service', async () => {
  const before = users.seen.length;
  for (let i = 0; i < 5; i++) expect((await call('/api/users/ada')).status).toBe(200);
  const seen = users.seen.slice(before);
  expect(seen).toHaveLength(5);
  expect(seen.every((request) => request.headers.connection === 'keep-alive')).toBe(true);
  const connections = await new Promise<number>((resolve, reject) =>
    users.server.getConnections((err, count) => (err ? reject(err) : resolve(count))),
  );
  expect(connections).toBeLessThanOrEqual(2);
});
