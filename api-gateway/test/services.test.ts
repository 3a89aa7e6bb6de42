import { DATABASE_NOT_CONNECTED_MESSAGE, internalHeaders } from '@devcircle/service-kit';
import { confirmRegistration, registrationToken } from '@devcircle/service-test-kit';
import { MongoClient } from 'mongodb';
import type { RunningGateway } from '../src';
import { bearer, eventually, INTERNAL_SECRET, startTestGateway } from './helpers';
import { startStack, type Stack } from './stack';

/** The real services behind one gateway, and a second gateway that learns revocations from the change stream only. */
let stack: Stack;
let gateway: RunningGateway;
let otherGateway: RunningGateway;

beforeAll(async () => {
  stack = await startStack({ RATE_LIMIT_LOGIN_PER_ACCOUNT: '3' });
  gateway = stack.gateway;
  otherGateway = await startTestGateway(stack.gatewayEnv);
  await otherGateway.revocationsLoaded;
});
afterAll(async () => {
  await otherGateway.stop();
  await stack.stop();
});

const send = (target: RunningGateway, method: string, urlPath: string, body?: unknown, headers = {}) =>
  fetch(`${target.url}${urlPath}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

interface Session {
  token: string;
  user: { id?: string; _id?: string; username: string };
}
let ada: Session;
const idOf = (session: Session): string => (session.user.id ?? session.user._id) as string;

test('/status is 200 with every real service ready', async () => {
  const response = await fetch(`${gateway.url}/status`);
  expect(response.status).toBe(200);
  expect(await response.json()).toMatchObject({
    status: 'ready',
    services: {
      auth: { status: 'ready', ready: 1 },
      posts: { status: 'ready', ready: 1 },
      users: { status: 'ready', ready: 1 },
      notifications: { status: 'ready', ready: 1 },
    },
    revocations: 'loaded',
  });
});

test('register, confirm the mailed link and sign in through the gateway; the token opens protected routes', async () => {
  const pending = { message: 'Check your inbox: we sent you a link to finish creating your account.' };
  const account = { username: 'ada', email: 'Ada@Example.com', password: 'analytical1' };
  const token = await registrationToken(gateway.url, stack.outboxDir, account);
  const confirmed = await confirmRegistration<Session>(gateway.url, token);
  expect(confirmed.status).toBe(201);
  ada = confirmed.body;
  expect(ada.token).toEqual(expect.any(String));
  // The address is taken now: registering it again answers exactly what a new address gets.
  const again = await send(gateway, 'POST', '/api/auth/register', { ...account, username: 'ada2' });
  expect({ status: again.status, body: await again.json() }).toEqual({ status: 202, body: pending });
  const fresh = await send(gateway, 'POST', '/api/auth/register', {
    ...account,
    username: 'ada3',
    email: 'new@x.io',
  });
  expect({ status: fresh.status, body: await fresh.json() }).toEqual({ status: 202, body: pending });

  const me = await send(gateway, 'GET', '/api/auth/me', undefined, bearer(ada.token));
  expect(me.status).toBe(200);
  expect(await me.json()).toMatchObject({ username: 'ada' });
  expect((await send(gateway, 'GET', '/api/auth/me')).status).toBe(401);

  const login = await send(gateway, 'POST', '/api/auth/login', {
    email: 'ada@example.com',
    password: 'analytical1',
  });
  expect(login.status).toBe(200);
});

test('bug reports reach notifications, anonymous or signed in', async () => {
  const anonymous = await send(gateway, 'POST', '/api/report-bug', { bug: 'The feed jumps when I scroll' });
  expect(anonymous.status).toBe(201);
  expect(await anonymous.json()).toEqual({ message: 'Thank you for reporting the bug!' });
  const signedIn = await send(
    gateway,
    'POST',
    '/api/report-bug',
    { bug: 'Likes flicker' },
    bearer(ada.token),
  );
  expect(signedIn.status).toBe(201);

  const client = new MongoClient(stack.mongoUri);
  try {
    const reports = await client.db().collection('bug_reports').find({}).sort({ createdAt: 1 }).toArray();
    expect(reports.map((report) => report.reporter?.username ?? null)).toEqual([null, 'ada']);
  } finally {
    await client.close();
  }
});

test('a password change revokes the old token on this gateway at once, and on the other through the change stream', async () => {
  const oldToken = ada.token;
  expect((await send(otherGateway, 'GET', '/api/auth/me', undefined, bearer(oldToken))).status).toBe(200);
  const changed = await send(
    gateway,
    'PUT',
    `/api/users/${idOf(ada)}/password`,
    { currentPassword: 'analytical1', newPassword: 'difference2', confirmPassword: 'difference2' },
    bearer(oldToken),
  );
  expect(changed.status).toBe(200);
  expect(changed.headers.get('x-devcircle-revoked')).toBeNull();
  const { token: newToken } = (await changed.json()) as { token: string };

  const refused = await send(gateway, 'GET', '/api/auth/me', undefined, bearer(oldToken));
  expect(refused.status).toBe(401);
  expect(await refused.json()).toMatchObject({ code: 'TOKEN_REVOKED' });
  expect((await send(gateway, 'GET', '/api/auth/me', undefined, bearer(newToken))).status).toBe(200);

  await eventually(
    async () => (await send(otherGateway, 'GET', '/api/auth/me', undefined, bearer(oldToken))).status === 401,
  );
  expect((await send(otherGateway, 'GET', '/api/auth/me', undefined, bearer(newToken))).status).toBe(200);
  ada.token = newToken;
});

test('a gateway started later loads the revocations already made', async () => {
  const late = await startTestGateway(stack.gatewayEnv);
  try {
    await late.revocationsLoaded;
    expect(late.revocations.isRevoked(idOf(ada), 0)).toBe(true);
  } finally {
    await late.stop();
  }
});

test('repeated wrong passwords for one account hit the per-account limit in front of the real auth', async () => {
  const wrong = () =>
    send(gateway, 'POST', '/api/auth/login', { email: 'ADA@example.com', password: 'nope-nope' });
  for (let i = 0; i < 3; i++) expect((await wrong()).status).toBe(401);
  const limited = await wrong();
  expect(limited.status).toBe(429);
  expect(await limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
});

test('auth’s internal endpoint is not reachable through the gateway, even with the internal secret', async () => {
  const response = await send(
    gateway,
    'GET',
    '/internal/revocations',
    undefined,
    internalHeaders(INTERNAL_SECRET),
  );
  expect(response.status).toBe(404);
});

test("database down: the services’ own 503 DATABASE_NOT_CONNECTED comes through; /status is 503, the gateway's own /ready 200", async () => {
  await stack.stopDatabase();
  try {
    const response = await send(gateway, 'POST', '/api/report-bug', { bug: 'Everything is down' });
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      message: DATABASE_NOT_CONNECTED_MESSAGE,
      code: 'DATABASE_NOT_CONNECTED',
    });
    expect((await fetch(`${gateway.url}/ready`)).status).toBe(200);
    const ready = await fetch(`${gateway.url}/status`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({
      services: {
        auth: { status: 'unavailable', instances: [{ status: 'unavailable', detail: 'database down' }] },
      },
    });
    expect((await fetch(`${gateway.url}/health`)).status).toBe(200);
  } finally {
    await stack.startDatabase();
  }
});
