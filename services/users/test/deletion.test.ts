import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startService, type RunningService } from '@devcircle/service-kit';
import { definition } from '../src';
import {
  call,
  follow,
  INTERNAL_SECRET,
  JWT_SECRET,
  oid,
  quickUser,
  register,
  startUsers,
  storedProfile,
  type User,
  type UsersHarness,
} from './harness';

/** The part of `@devcircle/api-gateway` this test uses. */
interface Gateway {
  url: string;
  stop(): Promise<void>;
}

/**
 * The gateway depends on this package (its stack tests start the users service), so this package cannot
 * reference it back in the TypeScript build; Jest maps the name to the gateway's sources.
 */
const GATEWAY_MODULE = '@devcircle/api-gateway';

let h: UsersHarness;
let gateway: Gateway;
beforeAll(async () => {
  h = await startUsers();
  const { startGateway } = (await import(GATEWAY_MODULE)) as {
    startGateway(options: { port: number; env: NodeJS.ProcessEnv }): Promise<Gateway>;
  };
  gateway = await startGateway({
    port: 0,
    env: {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      JWT_SECRET,
      INTERNAL_SECRET,
      AUTH_URLS: h.auth.url,
      POSTS_URLS: h.posts.url,
      USERS_URLS: h.users.url,
      NOTIFICATIONS_URLS: 'http://127.0.0.1:9',
      RATE_LIMIT_STORE: 'memory',
      SERVE_STATIC: 'false',
      HEALTH_CHECK_INTERVAL_MS: '0',
      // No database: a refused token can only come from the response header, not from the revocation feed.
      MONGODB_URI: 'mongodb://127.0.0.1:9/nowhere',
    },
  });
});
afterAll(async () => {
  await gateway.stop();
  await h.stop();
});

const viaGateway = (method: string, path: string, token: string) =>
  call(gateway, method, path, undefined, { authorization: `Bearer ${token}` });

async function counts(user: User) {
  const profile = await storedProfile(h, user);
  return { followersCount: profile?.followersCount, followingCount: profile?.followingCount };
}

test('deleting an account through the gateway: profile, follows and auth account gone, counts corrected, token refused at once, account.deleted recorded', async () => {
  const ada = await register(h);
  const others = await Promise.all(Array.from({ length: 6 }, () => quickUser(h)));
  // Ada follows the first four; the last four follow Ada (two both ways).
  for (const other of others.slice(0, 4)) expect((await follow(h, ada, other.username)).status).toBe(200);
  for (const other of others.slice(2)) expect((await follow(h, other, ada.username)).status).toBe(200);
  expect(await counts(ada)).toEqual({ followersCount: 4, followingCount: 4 });

  expect((await viaGateway('GET', `/api/users/${ada.username}`, ada.token)).status).toBe(200);
  const reply = await viaGateway('DELETE', `/api/users/${ada.id}`, ada.token);
  expect(reply.status).toBe(200);
  expect(reply.body).toEqual({ message: 'Account deleted' });
  // The gateway applied auth's revocation header and did not pass it on.
  expect(reply.headers.get('x-devcircle-revoked')).toBeNull();

  const refused = await viaGateway('GET', `/api/users/${others[0].username}`, ada.token);
  expect(refused.status).toBe(401);
  expect(refused.body).toMatchObject({ code: 'TOKEN_REVOKED' });

  expect(await storedProfile(h, ada)).toBeNull();
  const adaId = oid(ada.id);
  expect(
    await h.db.collection('follows').countDocuments({ $or: [{ followerId: adaId }, { followeeId: adaId }] }),
  ).toBe(0);
  expect(await h.db.collection('accounts').findOne({ _id: adaId })).toBeNull();
  const login = await call(h.auth, 'POST', '/api/auth/login', { email: ada.email, password: 'secret123' });
  expect(login.status).toBe(401);
  for (const other of others) {
    expect(await counts(other)).toEqual({
      followersCount: 0,
      followingCount: 0,
    });
  }
  expect(await h.db.collection('user_events').find({ userId: adaId }).toArray()).toEqual([
    expect.objectContaining({ type: 'account.deleted', userId: adaId, createdAt: expect.any(Date) }),
  ]);
  // The profile is not created again from the old identity (a request that got past a gateway).
  const late = await call(h.users, 'GET', `/api/users/${ada.username}`, undefined, ada.headers);
  expect(late.status).toBe(401);
  expect(await storedProfile(h, ada)).toBeNull();
});

test('the service answers the revocation header itself (for the gateway to apply)', async () => {
  const bob = await register(h);
  const reply = await call(h.users, 'DELETE', `/api/users/${bob.id}`, undefined, bob.headers);
  expect(reply.status).toBe(200);
  expect(reply.headers.get('x-devcircle-revoked')).toMatch(new RegExp(`^${bob.id}:\\d+$`));
});

test("someone else's account is a 403 and stays; a malformed id is a 404", async () => {
  const ada = await register(h);
  const eve = await quickUser(h);
  await call(h.users, 'GET', `/api/users/${ada.username}`, undefined, ada.headers);
  const reply = await call(h.users, 'DELETE', `/api/users/${ada.id}`, undefined, eve.headers);
  expect(reply.status).toBe(403);
  expect(reply.body).toMatchObject({ message: 'You can only delete your own account', code: 'FORBIDDEN' });
  expect(await storedProfile(h, ada)).not.toBeNull();
  expect(await h.db.collection('accounts').findOne({ _id: oid(ada.id) })).not.toBeNull();
  expect((await call(h.users, 'DELETE', '/api/users/me', undefined, eve.headers)).status).toBe(404);
});

describe('when auth fails', () => {
  let stub: http.Server;
  let failing: RunningService;
  let unreachable: RunningService;
  beforeAll(async () => {
    stub = http.createServer((_req, res) => {
      res.statusCode = 500;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ message: 'Internal server error' }));
    });
    await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
    const stubUrl = `http://127.0.0.1:${(stub.address() as AddressInfo).port}`;
    failing = await startService(definition, { port: 0, env: { ...h.env, AUTH_URL: stubUrl } });
    unreachable = await startService(definition, {
      port: 0,
      env: { ...h.env, AUTH_URL: 'http://127.0.0.1:9' },
    });
    await Promise.all([failing.ready, unreachable.ready]);
  });
  afterAll(async () => {
    await Promise.all([failing.stop(), unreachable.stop()]);
    await new Promise((resolve) => stub.close(resolve));
  });

  test('503 when auth answers an error, 502 when unreachable; a second DELETE finishes the job', async () => {
    const ada = await register(h);
    const fan = await quickUser(h);
    await follow(h, fan, ada.username);

    const refused = await call(failing, 'DELETE', `/api/users/${ada.id}`, undefined, ada.headers);
    expect(refused.status).toBe(503);
    expect(refused.body).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    const down = await call(unreachable, 'DELETE', `/api/users/${ada.id}`, undefined, ada.headers);
    expect(down.status).toBe(502);
    expect(down.body).toMatchObject({
      code: 'UPSTREAM_UNAVAILABLE',
      message: 'Your account could not be deleted right now. Please try again.',
    });
    // The account is still there, so the token still works; nothing was recorded as deleted.
    expect(await h.db.collection('accounts').findOne({ _id: oid(ada.id) })).not.toBeNull();
    expect(await h.db.collection('user_events').countDocuments({ userId: oid(ada.id) })).toBe(0);
    expect(await counts(fan)).toEqual({ followersCount: 0, followingCount: 0 });

    const retried = await call(h.users, 'DELETE', `/api/users/${ada.id}`, undefined, ada.headers);
    expect(retried.status).toBe(200);
    expect(retried.headers.get('x-devcircle-revoked')).toMatch(new RegExp(`^${ada.id}:`));
    expect(await h.db.collection('accounts').findOne({ _id: oid(ada.id) })).toBeNull();
    expect(await storedProfile(h, ada)).toBeNull();
    expect(
      await h.db.collection('user_events').countDocuments({ userId: oid(ada.id), type: 'account.deleted' }),
    ).toBe(1);
    expect(await counts(fan)).toEqual({ followersCount: 0, followingCount: 0 });
  });
});
