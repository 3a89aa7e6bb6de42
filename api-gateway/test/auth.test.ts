import type { IncomingMessage, ServerResponse } from 'node:http';
import { TOKEN_REVOCATIONS, type TokenRevocation } from '@devcircle/contracts';
import { startServer, type RunningServer } from '@devcircle/embedded-mongo';
import { decodeIdentity } from '@devcircle/service-kit';
import jwt from 'jsonwebtoken';
import { MongoClient, ObjectId, type Collection } from 'mongodb';
import type { RunningGateway } from '../src';
import {
  alice,
  bearer,
  deadUrl,
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
 * A stand-in for auth's HTTP side: a password change bumps the token version, records the revocation in
 * `token_revocations` as auth does (the gateway follows that collection through a change stream) and says so in
 * `x-devcircle-revoked`. Everything else is echoed. The database is a real embedded server.
 */
let database: RunningServer;
let client: MongoClient;
let revocationsCollection: Collection<TokenRevocation<ObjectId>>;
const revoke = async (userId: string, tokenVersion: number): Promise<void> => {
  await revocationsCollection.insertOne({ _id: new ObjectId(), userId, tokenVersion, createdAt: new Date() });
};

function authStub(req: IncomingMessage, res: ServerResponse, body: Buffer): void {
  const url = new URL(req.url ?? '/', 'http://auth');
  const passwordChange = /^\/api\/users\/([^/]+)\/password$/.exec(url.pathname);
  if (req.method === 'PUT' && passwordChange) {
    const userId = passwordChange[1];
    void (async () => {
      const latest = await revocationsCollection.findOne({ userId }, { sort: { tokenVersion: -1 } });
      const tokenVersion = (latest?.tokenVersion ?? 0) + 1;
      await revoke(userId, tokenVersion);
      res.setHeader('content-type', 'application/json');
      res.setHeader('x-devcircle-revoked', `${userId}:${tokenVersion}`);
      res.end(JSON.stringify({ message: 'Password updated successfully.', tokenVersion }));
    })();
    return;
  }
  echo('auth')(req, res, body);
}

let auth: Upstream;
let posts: Upstream;
let notifications: Upstream;
let gateway: RunningGateway;
let upstreamEnv: Record<string, string>;

// Bob's tokens were revoked before the gateway started; a crowd of other revocations is read with his.
const bob: TestUser = { userId: 'u-bob', email: 'bob@example.com', username: 'bob', tv: 2 };

beforeAll(async () => {
  database = await startServer({ port: 0 });
  const mongoUri = database.databaseUri('gateway-auth');
  client = new MongoClient(mongoUri);
  revocationsCollection = client.db().collection(TOKEN_REVOCATIONS);
  await revocationsCollection.insertMany(
    Array.from({ length: 1500 }, (_, i) => ({
      _id: new ObjectId(),
      userId: `u-crowd-${i}`,
      tokenVersion: 1,
      createdAt: new Date(),
    })),
  );
  await revoke(bob.userId, 3);
  auth = await startUpstream('auth', authStub);
  posts = await startUpstream('posts');
  notifications = await startUpstream('notifications');
  upstreamEnv = {
    AUTH_URLS: auth.url,
    POSTS_URLS: posts.url,
    USERS_URLS: posts.url,
    NOTIFICATIONS_URLS: notifications.url,
  };
  gateway = await startTestGateway({ ...upstreamEnv, MONGODB_URI: mongoUri });
  await gateway.revocationsLoaded;
});
afterAll(async () => {
  await gateway.stop();
  await Promise.all([auth.stop(), posts.stop(), notifications.stop()]);
  await client.close();
  await database.stop();
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

test('a token met before is not checked in full again, yet each holder still gets their own signed identity', async () => {
  const carol: TestUser = { userId: 'u-carol', email: 'carol@example.com', username: 'carol', tv: 0 };
  const gina: TestUser = { userId: 'u-gina', email: 'gina@example.com', username: 'gina', tv: 0 };
  const tokens = [sign(carol), sign(gina)];
  const holders = [carol, gina].map((user) => ({
    id: user.userId,
    username: user.username,
    email: user.email,
  }));
  const before = gateway.acceptedTokens.size;
  for (let round = 0; round < 3; round++)
    for (const [k, token] of tokens.entries())
      expect(await identityOf(await get('/api/posts', bearer(token)))).toEqual(holders[k]);
  expect(gateway.acceptedTokens.size).toBe(before + 2);
  // A token that differs only in its signature is checked, and refused, however like a known one it looks.
  const tampered = `${tokens[0].slice(0, -2)}${tokens[0].endsWith('AA') ? 'BB' : 'AA'}`;
  expect((await get('/api/posts', bearer(tampered))).status).toBe(401);
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

test('revocations read at start refuse older tokens with TOKEN_REVOKED', async () => {
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

test('a revocation recorded elsewhere reaches the gateway through the change stream', async () => {
  const dave: TestUser = { userId: 'u-dave', email: 'dave@example.com', username: 'dave', tv: 0 };
  const token = sign(dave);
  expect((await get('/api/posts', bearer(token))).status).toBe(200);
  await revoke(dave.userId, 1); // as if another gateway had proxied dave's password change
  await eventually(() => gateway.revocations.isRevoked(dave.userId, 0));
  expect((await get('/api/posts', bearer(token))).status).toBe(401);
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
  // No waiting for the change stream: the very next request is refused.
  const next = await get('/api/posts', bearer(token));
  expect(next.status).toBe(401);
  expect(await next.json()).toMatchObject({ code: 'TOKEN_REVOKED' });
  expect((await get('/api/posts', bearer(sign({ ...erin, tv: tokenVersion })))).status).toBe(200);
});

test('the response-header path alone revokes (the revocation feed not involved)', async () => {
  // A second gateway that cannot reach the database: only the header can tell it.
  const isolated = await startTestGateway({
    ...upstreamEnv,
    MONGODB_URI: `mongodb://127.0.0.1:${(await deadUrl()).port}/nowhere`,
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
