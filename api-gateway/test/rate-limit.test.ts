import type { IncomingMessage, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import { startServer, type RunningServer } from '@devcircle/embedded-mongo';
import { MongoClient } from 'mongodb';
import type { RunningGateway } from '../src';
import { RATE_LIMIT_COLLECTION } from '../src/limits';
import { waitText } from '../src/limits/rate-limit';
import {
  alice,
  bearer,
  deadUrl,
  echo,
  eventually,
  sign,
  startTestGateway,
  startUpstream,
  type Upstream,
} from './helpers';

/** Auth stand-in: login succeeds only with the password "right"; everything else is echoed. */
function authStub(req: IncomingMessage, res: ServerResponse, body: Buffer): void {
  if (req.url === '/api/auth/login') {
    const { password } = JSON.parse(body.toString('utf8') || '{}') as { password?: string };
    res.setHeader('content-type', 'application/json');
    res.statusCode = password === 'right' ? 200 : 401;
    res.end(JSON.stringify(password === 'right' ? { token: 't' } : { message: 'Invalid email or password' }));
    return;
  }
  if (req.method === 'PUT' && req.url?.endsWith('/password')) {
    const { currentPassword } = JSON.parse(body.toString('utf8') || '{}') as { currentPassword?: string };
    res.setHeader('content-type', 'application/json');
    res.statusCode = currentPassword === 'right' ? 200 : 400;
    res.end(JSON.stringify({ message: currentPassword === 'right' ? 'Password updated' : 'Wrong password' }));
    return;
  }
  echo('auth')(req, res, body);
}

let database: RunningServer;
let auth: Upstream;
let mongoUri: string;
const gateways: RunningGateway[] = [];

beforeAll(async () => {
  database = await startServer({ port: 0 });
  mongoUri = database.databaseUri('gateway-rate-limits');
  auth = await startUpstream('auth', authStub);
});
afterEach(async () => {
  await Promise.all(gateways.splice(0).map((gateway) => gateway.stop()));
});
afterAll(async () => {
  await auth.stop();
  await database.stop();
});

let ipCounter = 0;
/** A distinct client address per test (the gateway trusts X-Forwarded-For in these tests). */
const nextIp = (): string => `203.0.113.${++ipCounter}`;

async function gateway(env: Record<string, string> = {}): Promise<RunningGateway> {
  const started = await startTestGateway({
    AUTH_URLS: auth.url,
    POSTS_URLS: auth.url,
    USERS_URLS: auth.url,
    NOTIFICATIONS_URLS: auth.url,
    RATE_LIMIT_STORE: 'mongo',
    MONGODB_URI: mongoUri,
    TRUST_PROXY: 'true',
    ...env,
  });
  gateways.push(started);
  return started;
}

const attempt = (target: RunningGateway, path: string, body: unknown, ip: string) =>
  fetch(`${target.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify(body),
  });

async function expectLimited(response: Response): Promise<void> {
  expect(response.status).toBe(429);
  const retryAfter = Number(response.headers.get('retry-after'));
  expect(Number.isInteger(retryAfter) && retryAfter >= 1).toBe(true);
  expect(await response.json()).toEqual({
    message: `Too many attempts. Please try again in ${waitText(retryAfter)}.`,
    code: 'RATE_LIMITED',
  });
}

test('the wait is written for people: seconds under a minute, then whole minutes rounded up', () => {
  expect(waitText(1)).toBe('1 second');
  expect(waitText(45)).toBe('45 seconds');
  expect(waitText(60)).toBe('1 minute');
  expect(waitText(61)).toBe('2 minutes');
  expect(waitText(3428)).toBe('58 minutes');
});

test('login per IP: past the limit, 429 with Retry-After, and auth is not called', async () => {
  const target = await gateway({
    RATE_LIMIT_LOGIN_PER_IP: '3',
    RATE_LIMIT_LOGIN_PER_ACCOUNT: '100',
    RATE_LIMIT_LOGIN_WINDOW_SECONDS: '600',
  });
  const ip = nextIp();
  for (let i = 0; i < 3; i++) {
    expect(
      (await attempt(target, '/api/auth/login', { email: `user${i}@example.com`, password: 'x' }, ip)).status,
    ).toBe(401);
  }
  const logins = () => auth.seen.filter((seen) => seen.url === '/api/auth/login').length;
  const before = logins();
  const limited = await attempt(target, '/api/auth/login', { email: 'other@example.com', password: 'x' }, ip);
  await expectLimited(limited);
  expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(600);
  expect(logins()).toBe(before);
  // Another address is counted on its own.
  expect(
    (await attempt(target, '/api/auth/login', { email: 'x@example.com', password: 'x' }, nextIp())).status,
  ).toBe(401);
});

test('behind a trusted load balancer, invented X-Forwarded-For entries do not dodge the per-IP limit', async () => {
  const target = await gateway({ RATE_LIMIT_LOGIN_PER_IP: '2', RATE_LIMIT_LOGIN_PER_ACCOUNT: '100' });
  const realClient = nextIp();
  // The load balancer (played by the test) appends the address it saw; what is left of it came from the client.
  const viaBalancer = (invented: string) =>
    attempt(
      target,
      '/api/auth/login',
      { email: `${invented}@example.com`, password: 'x' },
      `${invented}, ${realClient}`,
    );
  expect((await viaBalancer('10.0.0.1')).status).toBe(401);
  expect((await viaBalancer('10.0.0.2')).status).toBe(401);
  await expectLimited(await viaBalancer('10.0.0.3'));
  // And the service sees the whole chain, ending with the balancer's own address.
  const forwarded = auth.seen.filter((seen) => seen.url === '/api/auth/login').at(-1)?.headers[
    'x-forwarded-for'
  ];
  expect(forwarded).toMatch(
    new RegExp(`^10\\.0\\.0\\.2, ${realClient.replace(/\./g, '\\.')}, (::ffff:)?127\\.0\\.0\\.1$`),
  );
});

test('login per account: the e-mail is lower-cased and trimmed, whatever address the attempts come from', async () => {
  const target = await gateway({ RATE_LIMIT_LOGIN_PER_IP: '100', RATE_LIMIT_LOGIN_PER_ACCOUNT: '2' });
  expect(
    (await attempt(target, '/api/auth/login', { email: 'Victim@Example.com', password: 'a' }, nextIp()))
      .status,
  ).toBe(401);
  expect(
    (await attempt(target, '/api/auth/login', { email: '  victim@example.COM ', password: 'b' }, nextIp()))
      .status,
  ).toBe(401);
  await expectLimited(
    await attempt(target, '/api/auth/login', { email: 'victim@example.com', password: 'c' }, nextIp()),
  );
  // Other accounts are unaffected.
  expect(
    (await attempt(target, '/api/auth/login', { email: 'someone@example.com', password: 'd' }, nextIp()))
      .status,
  ).toBe(401);
});

test('a locked account stays locked however the body is dressed: compressed, with a BOM, in another charset', async () => {
  const target = await gateway({ RATE_LIMIT_LOGIN_PER_IP: '100', RATE_LIMIT_LOGIN_PER_ACCOUNT: '1' });
  const account = { email: 'dressed@example.com', password: 'guess' };
  expect((await attempt(target, '/api/auth/login', account, nextIp())).status).toBe(401);
  // Login attempts only: the gateway's health checks reach the same stand-in meanwhile.
  const logins = () => auth.seen.filter((seen) => seen.url === '/api/auth/login').length;
  const calls = logins();
  const send = (headers: Record<string, string>, body: Buffer) =>
    fetch(`${target.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'x-forwarded-for': nextIp(), ...headers },
      body,
    });
  const json = JSON.stringify(account);

  // A byte-order mark before the JSON: the gateway reads the same e-mail auth would, so it is counted.
  await expectLimited(await send({ 'content-type': 'application/json' }, Buffer.from(`\uFEFF${json}`)));
  // Compressed (or labelled so, whatever the bytes): refused before anyone reads it.
  for (const body of [gzipSync(json), Buffer.from(json)]) {
    const response = await send({ 'content-type': 'application/json', 'content-encoding': 'gzip' }, body);
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({
      message: 'Request bodies must not be compressed (no Content-Encoding)',
      code: 'UNSUPPORTED_MEDIA_TYPE',
    });
  }
  // Another charset: refused too (auth's parser would have decoded it).
  const utf16 = await send(
    { 'content-type': 'application/json; charset=utf-16le' },
    Buffer.from(json, 'utf16le'),
  );
  expect(utf16.status).toBe(415);
  // Not JSON at all: the gateway's own 400, not a 500 and not a free pass.
  const broken = await send({ 'content-type': 'application/json' }, Buffer.from('{"email": '));
  expect(broken.status).toBe(400);
  expect(await broken.json()).toEqual({ message: 'The request body is not valid JSON', code: 'BAD_REQUEST' });
  expect(logins()).toBe(calls);
});

test('a successful login clears that account’s count', async () => {
  const target = await gateway({ RATE_LIMIT_LOGIN_PER_IP: '100', RATE_LIMIT_LOGIN_PER_ACCOUNT: '2' });
  const ip = nextIp();
  const login = (password: string) =>
    attempt(target, '/api/auth/login', { email: 'forgetful@example.com', password }, ip);
  expect((await login('wrong')).status).toBe(401);
  expect((await login('right')).status).toBe(200);
  expect((await login('wrong')).status).toBe(401);
  expect((await login('wrong')).status).toBe(401);
  await expectLimited(await login('right'));
});

test('register and forgot-password are limited per IP and per e-mail; the links’ routes per IP and per token', async () => {
  const target = await gateway({
    RATE_LIMIT_REGISTER_PER_IP: '2',
    RATE_LIMIT_FORGOT_PASSWORD_PER_ACCOUNT: '1',
    RATE_LIMIT_RESET_PASSWORD_PER_TOKEN: '2',
    RATE_LIMIT_CONFIRM_REGISTRATION_PER_TOKEN: '2',
  });
  const ip = nextIp();
  const register = (n: number) =>
    attempt(
      target,
      '/api/auth/register',
      { username: `u${n}`, email: `new${n}@example.com`, password: 'secret' },
      ip,
    );
  expect((await register(1)).status).toBe(200);
  expect((await register(2)).status).toBe(200);
  await expectLimited(await register(3));

  expect(
    (await attempt(target, '/api/auth/forgot-password', { email: 'Lost@Example.com' }, nextIp())).status,
  ).toBe(200);
  await expectLimited(
    await attempt(target, '/api/auth/forgot-password', { email: 'lost@example.com' }, nextIp()),
  );

  const reset = (token: string) =>
    attempt(target, '/api/auth/reset-password', { token, password: 'newpass' }, nextIp());
  expect((await reset('reset-token-1')).status).toBe(200);
  expect((await reset('reset-token-1')).status).toBe(200);
  await expectLimited(await reset('reset-token-1'));
  expect((await reset('reset-token-2')).status).toBe(200);

  const confirm = (token: string) => attempt(target, '/api/auth/register/confirm', { token }, nextIp());
  expect((await confirm('link-token-1')).status).toBe(200);
  expect((await confirm('link-token-1')).status).toBe(200);
  await expectLimited(await confirm('link-token-1'));
  expect((await confirm('link-token-2')).status).toBe(200);
});

test('register/confirm is limited per IP whatever the token', async () => {
  const target = await gateway({ RATE_LIMIT_CONFIRM_REGISTRATION_PER_IP: '2' });
  const ip = nextIp();
  const confirm = (token: string) => attempt(target, '/api/auth/register/confirm', { token }, ip);
  expect((await confirm('first-guess')).status).toBe(200);
  expect((await confirm('second-guess')).status).toBe(200);
  await expectLimited(await confirm('third-guess'));
});

test('wrong current passwords are limited per member; a success clears the count', async () => {
  const target = await gateway({
    RATE_LIMIT_CHANGE_PASSWORD_PER_IP: '100',
    RATE_LIMIT_CHANGE_PASSWORD_PER_ACCOUNT: '2',
  });
  const change = (user: typeof alice, currentPassword: string) =>
    fetch(`${target.url}/api/users/${user.userId}/password`, {
      method: 'PUT',
      headers: { ...bearer(sign(user)), 'content-type': 'application/json', 'x-forwarded-for': nextIp() },
      body: JSON.stringify({ currentPassword, newPassword: 'another1' }),
    });
  expect((await change(alice, 'guess-1')).status).toBe(400);
  expect((await change(alice, 'right')).status).toBe(200); // clears the count
  expect((await change(alice, 'guess-2')).status).toBe(400);
  expect((await change(alice, 'guess-3')).status).toBe(400);
  // From any address: the count is the member's.
  const guesses = () => auth.seen.filter((seen) => seen.method === 'PUT').length;
  const before = guesses();
  await expectLimited(await change(alice, 'guess-4'));
  expect(guesses()).toBe(before);
  // Another member is not affected.
  expect((await change({ ...alice, userId: 'u-bob', username: 'bob' }, 'guess')).status).toBe(400);
});

test('bug reports are limited per address (and per member when signed in)', async () => {
  const target = await gateway({ RATE_LIMIT_REPORT_BUG_PER_IP: '2' });
  const ip = nextIp();
  const report = () => attempt(target, '/api/report-bug', { bug: 'The button is blue' }, ip);
  expect((await report()).status).toBe(200);
  expect((await report()).status).toBe(200);
  await expectLimited(await report());
  // Signed in: counted per member too, whatever the address.
  const signedIn = await gateway({ RATE_LIMIT_REPORT_BUG_PER_ACCOUNT: '1' });
  const send = () =>
    fetch(`${signedIn.url}/api/report-bug`, {
      method: 'POST',
      headers: { ...bearer(sign(alice)), 'content-type': 'application/json', 'x-forwarded-for': nextIp() },
      body: JSON.stringify({ bug: 'Again' }),
    });
  expect((await send()).status).toBe(200);
  await expectLimited(await send());
});

test('path variants cannot dodge the limits', async () => {
  const target = await gateway({ RATE_LIMIT_LOGIN_PER_IP: '2', RATE_LIMIT_LOGIN_PER_ACCOUNT: '100' });
  const ip = nextIp();
  await attempt(target, '/api/auth/login', { email: 'a@example.com', password: 'x' }, ip);
  await attempt(target, '/api/auth/LOGIN/', { email: 'a@example.com', password: 'x' }, ip);
  await expectLimited(
    await attempt(target, '/api//auth/%6Cogin', { email: 'a@example.com', password: 'x' }, ip),
  );
});

test('counts live in the gateway’s own collection and are shared by several gateway instances', async () => {
  const env = { RATE_LIMIT_LOGIN_PER_IP: '100', RATE_LIMIT_LOGIN_PER_ACCOUNT: '3' };
  const first = await gateway(env);
  const second = await gateway(env);
  const body = { email: 'shared@example.com', password: 'x' };
  expect((await attempt(first, '/api/auth/login', body, nextIp())).status).toBe(401);
  expect((await attempt(second, '/api/auth/login', body, nextIp())).status).toBe(401);
  expect((await attempt(first, '/api/auth/login', body, nextIp())).status).toBe(401);
  await expectLimited(await attempt(second, '/api/auth/login', body, nextIp()));

  const client = new MongoClient(mongoUri);
  try {
    const documents = await client.db().collection(RATE_LIMIT_COLLECTION).find({}).toArray();
    expect(documents.length).toBeGreaterThan(0);
    // Account keys are stored hashed: no e-mail address in the collection.
    expect(JSON.stringify(documents)).not.toContain('shared@example.com');
    const indexes = await client.db().collection(RATE_LIMIT_COLLECTION).indexes();
    expect(indexes.some((index) => index.expireAfterSeconds === 0)).toBe(true);
  } finally {
    await client.close();
  }
});

test('with the database down, the in-memory insurance limiter still limits', async () => {
  const port = database.port;
  const target = await gateway({ RATE_LIMIT_LOGIN_PER_IP: '2', RATE_LIMIT_LOGIN_PER_ACCOUNT: '100' });
  await database.stop();
  try {
    const ip = nextIp();
    expect(
      (await attempt(target, '/api/auth/login', { email: 'a@example.com', password: 'x' }, ip)).status,
    ).toBe(401);
    expect(
      (await attempt(target, '/api/auth/login', { email: 'b@example.com', password: 'x' }, ip)).status,
    ).toBe(401);
    await expectLimited(
      await attempt(target, '/api/auth/login', { email: 'c@example.com', password: 'x' }, ip),
    );
  } finally {
    database = await startServer({ port });
  }
});

test('a gateway started before its database counts in memory, then uses the database once it is up', async () => {
  const { port } = await deadUrl();
  const lateUri = `mongodb://127.0.0.1:${port}/gateway-late-database`;
  const target = await gateway({
    MONGODB_URI: lateUri,
    RATE_LIMIT_LOGIN_PER_IP: '2',
    RATE_LIMIT_LOGIN_PER_ACCOUNT: '100',
  });
  const ip = nextIp();
  const login = () => attempt(target, '/api/auth/login', { email: 'early@example.com', password: 'x' }, ip);
  expect((await login()).status).toBe(401);
  expect((await login()).status).toBe(401);
  await expectLimited(await login()); // the insurance limiter counts while there is no database

  const late = await startServer({ port });
  const client = new MongoClient(lateUri);
  try {
    await eventually(async () => {
      await attempt(target, '/api/auth/login', { email: 'late@example.com', password: 'x' }, nextIp());
      return (await client.db().collection(RATE_LIMIT_COLLECTION).countDocuments()) > 0;
    });
  } finally {
    await client.close();
    await late.stop();
  }
});
