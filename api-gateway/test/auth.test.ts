import type { IncomingMessage, ServerResponse } from 'node:http';
import { decodeIdentity } from '@devcircle/service-kit';
import jwt from 'jsonwebtoken';
import type { RunningGateway } from '../src';
import {
  alice,
  bearer,
  echo,
  eventually,
  INTERNAL_SECRET,
  JWT_SECRET,
  sign,
  startTestGateway,
  startUpstream,
  type TestUser,
  type Upstream,
} from './helpers';

/**
 * A stand-in for auth's side of the contract: `GET /internal/revocations?after=<id>` (internal secret required,
 * ascending, at most 1000 per page), and a password change that bumps the token version and says so in
 * `x-devcircle-revoked`. Everything else is echoed.
 */
interface Revocation {
  id: string;
  userId: string;
  tokenVersion: number;
}
const revocations: Revocation[] = [];
const revocationQueries: { after: string | null; internal: boolean }[] = [];
let nextId = 1;
const revoke = (userId: string, tokenVersion: number): void => {
  revocations.push({ id: String(nextId++).padStart(8, '0'), userId, tokenVersion });
};

function authStub(req: IncomingMessage, res: ServerResponse, body: Buffer): void {
  const url = new URL(req.url ?? '/', 'http://auth');
  if (url.pathname === '/internal/revocations') {
    const internal = req.headers['x-devcircle-internal'] === INTERNAL_SECRET;
    revocationQueries.push({ after: url.searchParams.get('after'), internal });
    res.setHeader('content-type', 'application/json');
    if (!internal) {
      res.statusCode = 403;
      res.end(JSON.stringify({ message: 'Internal endpoint', code: 'FORBIDDEN' }));
      return;
    }
    const after = url.searchParams.get('after');
    const page = revocations.filter((entry) => after === null || entry.id > after).slice(0, 1000);
    res.end(JSON.stringify({ revocations: page, latest: page.at(-1)?.id ?? after ?? null }));
    return;
  }
  const passwordChange = /^\/api\/users\/([^/]+)\/password$/.exec(url.pathname);
  if (req.method === 'PUT' && passwordChange) {
    const userId = passwordChange[1];
    const versions = revocations
      .filter((entry) => entry.userId === userId)
      .map((entry) => entry.tokenVersion);
    const tokenVersion = Math.max(0, ...versions) + 1;
    revoke(userId, tokenVersion);
    res.setHeader('content-type', 'application/json');
    res.setHeader('x-devcircle-revoked', `${userId}:${tokenVersion}`);
    res.end(JSON.stringify({ message: 'Password updated successfully.', tokenVersion }));
    return;
  }
  echo('auth')(req, res, body);
}

let auth: Upstream;
let posts: Upstream;
let notifications: Upstream;
let gateway: RunningGateway;

// Bob's tokens were revoked before the gateway started; carol has so many peers that the start-up load pages.
const bob: TestUser = { userId: 'u-bob', email: 'bob@example.com', username: 'bob', tv: 2 };

beforeAll(async () => {
  for (let i = 0; i < 1500; i++) revoke(`u-crowd-${i}`, 1);
  revoke(bob.userId, 3);
  auth = await startUpstream('auth', authStub);
  posts = await startUpstream('posts');
  notifications = await startUpstream('notifications');
  gateway = await startTestGateway({
    AUTH_URLS: auth.url,
    POSTS_URLS: posts.url,
    USERS_URLS: posts.url,
    NOTIFICATIONS_URLS: notifications.url,
  });
  await gateway.revocationsLoaded;
});
afterAll(async () => {
  await gateway.stop();
  await Promise.all([auth.stop(), posts.stop(), notifications.stop()]);
});

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${gateway.url}${path}`, { headers });
const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${gateway.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
const identityOf = async (response: Response) =>
  decodeIdentity(
    ((await response.json()) as { headers: Record<string, string> }).headers['x-devcircle-identity'],
    INTERNAL_SECRET,
  );

const UNAUTHORIZED = { message: 'Authentication required', code: 'UNAUTHORIZED' };

test('public routes pass without a token; every other API route answers 401', async () => {
  for (const path of [
    '/api/auth/login',
    '/api/auth/register',
    '/api/auth/register/confirm',
    '/api/auth/forgot-password',
    '/api/auth/reset-password',
    '/api/report-bug',
  ]) {
    const response = await post(path, { email: 'someone@example.com' });
    expect({ path, status: response.status }).toEqual({ path, status: 200 });
    expect(await identityOf(response)).toBeUndefined();
  }
  for (const [method, path] of [
    ['GET', '/api/auth/me'],
    ['GET', '/api/auth/ping'],
    ['GET', '/api/posts'],
    ['POST', '/api/posts'],
    ['GET', '/api/users/ada'],
    ['PUT', '/api/users/u1/password'],
    ['GET', '/api/notifications'],
    ['GET', '/api/report-bug'],
    ['GET', '/api/auth/login'],
  ]) {
    const response = await fetch(`${gateway.url}${path}`, { method });
    expect({ method, path, status: response.status }).toEqual({ method, path, status: 401 });
    expect(await response.json()).toEqual(UNAUTHORIZED);
  }
});

test('a valid token reaches the service as a signed identity, on protected and public routes', async () => {
  const token = sign(alice);
  const expected = { id: alice.userId, username: alice.username, email: alice.email };
  const protectedRoute = await get('/api/posts', bearer(token));
  expect(protectedRoute.status).toBe(200);
  expect(await identityOf(protectedRoute)).toEqual(expected);
  const publicRoute = await post('/api/report-bug', { bug: 'x' }, bearer(token));
  expect(await identityOf(publicRoute)).toEqual(expected);
  // The scheme is case-insensitive.
  expect((await get('/api/posts', { authorization: `bearer ${token}` })).status).toBe(200);
});

test('forged, malformed and wrongly signed tokens are refused', async () => {
  const claims = { userId: alice.userId, email: alice.email, username: alice.username, tv: 0 };
  const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const unsignedNone = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...claims, iss: 'devcircle', exp: now + 3600 })}.`;
  const cases: Record<string, string> = {
    'wrong secret': `Bearer ${sign(alice, {}, 'not-the-secret')}`,
    'alg none': `Bearer ${unsignedNone}`,
    HS512: `Bearer ${sign(alice, { algorithm: 'HS512' })}`,
    'wrong issuer': `Bearer ${sign(alice, { issuer: 'someone-else' })}`,
    'no issuer': `Bearer ${jwt.sign(claims, JWT_SECRET, { algorithm: 'HS256', expiresIn: '1h' })}`,
    'missing userId': `Bearer ${sign({ email: 'x@example.com', username: 'x' } as TestUser)}`,
    'tampered payload': `Bearer ${sign(alice).replace(/\.[^.]+\./, `.${b64({ ...claims, userId: 'u-admin' })}.`)}`,
    'not a JWT': 'Bearer abc.def',
    'basic scheme': `Basic ${Buffer.from('alice:secret').toString('base64')}`,
    'empty bearer': 'Bearer ',
  };
  for (const [label, authorization] of Object.entries(cases)) {
    const response = await get('/api/posts', { authorization });
    expect({ label, status: response.status }).toEqual({ label, status: 401 });
    expect({ label, body: await response.json() }).toEqual({ label, body: UNAUTHORIZED });
  }
  // On a public route a bad token is ignored: the request goes on, anonymous.
  const publicRoute = await post('/api/report-bug', { bug: 'x' }, { authorization: cases['wrong secret'] });
  expect(publicRoute.status).toBe(200);
  expect(await identityOf(publicRoute)).toBeUndefined();
});

test('an expired token answers 401 TOKEN_EXPIRED', async () => {
  const expired = sign(alice, { expiresIn: -10 });
  const response = await get('/api/posts', bearer(expired));
  expect(response.status).toBe(401);
  expect(await response.json()).toMatchObject({ code: 'TOKEN_EXPIRED' });
});

test('revocations loaded at start (paged past 1000) refuse older tokens with TOKEN_REVOKED', async () => {
  // The first query had no `after`; the next page continued after the last id of the first.
  expect(revocationQueries[0]).toEqual({ after: null, internal: true });
  expect(revocationQueries[1]).toEqual({ after: '00001000', internal: true });

  const old = await get('/api/posts', bearer(sign(bob)));
  expect(old.status).toBe(401);
  expect(await old.json()).toEqual({
    message: 'Your session is no longer valid. Please log in again.',
    code: 'TOKEN_REVOKED',
  });
  expect((await get('/api/posts', bearer(sign({ ...bob, tv: 3 })))).status).toBe(200);
  const crowd = { userId: 'u-crowd-1400', email: 'c@example.com', username: 'crowd' };
  expect((await get('/api/posts', bearer(sign({ ...crowd, tv: 0 })))).status).toBe(401);
  expect((await get('/api/posts', bearer(sign({ ...crowd, tv: 1 })))).status).toBe(200);
});

test('the poller picks up a revocation made elsewhere within a second or so', async () => {
  const dave: TestUser = { userId: 'u-dave', email: 'dave@example.com', username: 'dave', tv: 0 };
  const token = sign(dave);
  expect((await get('/api/posts', bearer(token))).status).toBe(200);
  const lastId = revocations.at(-1)?.id;
  revoke(dave.userId, 1); // as if another gateway had proxied dave's password change
  await eventually(async () => (await get('/api/posts', bearer(token))).status === 401);
  expect(revocationQueries.some((query) => query.after === lastId && query.internal)).toBe(true);
  expect((await get('/api/posts', bearer(sign({ ...dave, tv: 1 })))).status).toBe(200);
});

test('a password change proxied by this gateway revokes the old token at once, and the header stays inside', async () => {
  const erin: TestUser = { userId: 'u-erin', email: 'erin@example.com', username: 'erin', tv: 0 };
  const token = sign(erin);
  const change = await fetch(`${gateway.url}/api/users/${erin.userId}/password`, {
    method: 'PUT',
    headers: { ...bearer(token), 'content-type': 'application/json' },
    body: JSON.stringify({ currentPassword: 'a', newPassword: 'b', confirmPassword: 'b' }),
  });
  expect(change.status).toBe(200);
  expect(change.headers.get('x-devcircle-revoked')).toBeNull();
  const { tokenVersion } = (await change.json()) as { tokenVersion: number };
  // No waiting for the poller: the very next request is refused.
  const next = await get('/api/posts', bearer(token));
  expect(next.status).toBe(401);
  expect(await next.json()).toMatchObject({ code: 'TOKEN_REVOKED' });
  expect((await get('/api/posts', bearer(sign({ ...erin, tv: tokenVersion })))).status).toBe(200);
});

test('the response-header path alone revokes (poller not involved)', async () => {
  // A second gateway whose poller cannot reach auth: only the header can tell it.
  const isolated = await startTestGateway({
    AUTH_URLS: auth.url,
    POSTS_URLS: posts.url,
    USERS_URLS: posts.url,
    NOTIFICATIONS_URLS: notifications.url,
    INTERNAL_SECRET: 'a-different-internal-secret',
  });
  try {
    const frank: TestUser = { userId: 'u-frank', email: 'frank@example.com', username: 'frank', tv: 0 };
    const token = sign(frank);
    const changed = await fetch(`${isolated.url}/api/users/${frank.userId}/password`, {
      method: 'PUT',
      headers: bearer(token),
    });
    expect(changed.status).toBe(200);
    expect(isolated.revocations.isRevoked(frank.userId, 0)).toBe(true);
    expect((await fetch(`${isolated.url}/api/posts`, { headers: bearer(token) })).status).toBe(401);
  } finally {
    await isolated.stop();
  }
});
