import { ObjectId } from 'mongodb';
import { call, registrationToken, startAuth, verifyToken, type AuthHarness, type Session } from './harness';

const INVALID = { message: 'This link is invalid or has expired.', code: 'INVALID_REGISTRATION_TOKEN' };

let auth: AuthHarness;
beforeAll(async () => {
  auth = await startAuth();
});
afterAll(() => auth.stop());

type Answer = Session & { message: string; code?: string; errors?: { field: string; message: string }[] };
const confirm = (body: unknown, on = auth) =>
  call<Answer>(on.service, 'POST', '/api/auth/register/confirm', body);
/** Registers (202) and answers the token of the link mailed to the address. */
const linkFor = (username: string, email: string, password = 'secret123', on = auth) =>
  registrationToken(on.service, on.outboxDir, { username, email, password });
const login = (email: string, password: string) =>
  call<Session>(auth.service, 'POST', '/api/auth/login', { email, password });
const db = () => auth.service.deps.db;
const CI = { locale: 'en', strength: 2 };
const accountsWith = (email: string) =>
  db().collection('accounts').countDocuments({ email }, { collation: CI });
const pendingCount = (email: string) =>
  db().collection('pending_registrations').countDocuments({ email }, { collation: CI });

test('the link creates the account and signs in: 201 with the token and the user, as register used to', async () => {
  const token = await linkFor('  Ada_Lovelace ', ' Ada@Example.com', 'analytical');
  const reply = await confirm({ token });
  expect(reply.status).toBe(201);
  const { user } = reply.body;
  expect(user).toEqual({
    id: expect.stringMatching(/^[0-9a-f]{24}$/),
    _id: user.id,
    username: 'Ada_Lovelace',
    email: 'Ada@Example.com',
    displayName: 'Ada_Lovelace',
    createdAt: expect.any(String),
  });
  const claims = verifyToken(reply.body.token);
  expect(claims).toMatchObject({
    userId: user.id,
    email: 'Ada@Example.com',
    username: 'Ada_Lovelace',
    tv: 0,
    iss: 'devcircle',
  });
  expect(claims.exp - claims.iat).toBe(7 * 24 * 60 * 60);
  expect(JSON.stringify(reply.body)).not.toMatch(/password|\$2[aby]\$/i);

  // The password chosen at registration is the account's; the event the users service makes the profile from.
  expect((await login('ada@example.com', 'analytical')).status).toBe(200);
  const events = await db()
    .collection('account_events')
    .find({ userId: new ObjectId(user.id) })
    .toArray();
  expect(events).toEqual([
    {
      _id: expect.any(ObjectId),
      type: 'account.registered',
      userId: new ObjectId(user.id),
      username: 'Ada_Lovelace',
      displayName: 'Ada_Lovelace',
      createdAt: new Date(user.createdAt),
      // The request's W3C trace context, carried to the event's consumers (docs/observability.md).
      traceparent: expect.stringMatching(/^00-[\da-f]{32}-[\da-f]{16}-01$/),
    },
  ]);
  expect(await pendingCount('ada@example.com')).toBe(0);
});

test('a link works once, also when it is opened twice at the same moment', async () => {
  const token = await linkFor('once', 'once@example.com');
  const replies = await Promise.all([confirm({ token }), confirm({ token })]);
  expect(replies.map((reply) => reply.status).sort()).toEqual([201, 400]);
  expect(replies.find((reply) => reply.status === 400)?.body).toEqual(INVALID);
  const again = await confirm({ token });
  expect(again.status).toBe(400);
  expect(again.body).toEqual(INVALID);
  expect(await accountsWith('once@example.com')).toBe(1);
});

test.each([
  [{ token: 'x'.repeat(43) }, INVALID],
  [{ token: '' }, { message: 'Confirmation token is missing or invalid.', code: 'VALIDATION_ERROR' }],
  [{}, { message: 'Confirmation token is missing or invalid.', code: 'VALIDATION_ERROR' }],
  [
    { token: { $gt: '' } },
    { message: 'Confirmation token is missing or invalid.', code: 'VALIDATION_ERROR' },
  ],
  [
    { token: 'x'.repeat(513) },
    { message: 'Confirmation token is missing or invalid.', code: 'VALIDATION_ERROR' },
  ],
])('%j is a 400', async (body, answer) => {
  const reply = await confirm(body);
  expect(reply.status).toBe(400);
  expect(reply.body).toMatchObject(answer);
});

test('an expired link is refused and makes nothing', async () => {
  const own = await startAuth({ REGISTRATION_TOKEN_TTL_MS: '1' }, auth.database);
  try {
    const token = await linkFor('late', 'late@example.com', 'secret123', own);
    const [pending] = await db().collection('pending_registrations').find({ username: 'late' }).toArray();
    // Waits for the condition (the link's end has passed), not for an amount of time.
    while (Date.now() <= (pending.expiresAt as Date).getTime()) await new Promise(setImmediate);
    const reply = await confirm({ token }, own);
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual(INVALID);
    expect(await accountsWith('late@example.com')).toBe(0);
  } finally {
    await own.stop();
  }
});

test('two registrations of one address: the first link opened makes the account, the other then nothing', async () => {
  const first = await linkFor('twin1', 'twin@example.com', 'first-pass');
  const second = await linkFor('twin2', 'Twin@Example.com', 'second-pass');
  expect(await pendingCount('twin@example.com')).toBe(2);
  const made = await confirm({ token: second });
  expect(made.status).toBe(201);
  expect(made.body.user).toMatchObject({ username: 'twin2', email: 'Twin@Example.com' });
  expect(await pendingCount('twin@example.com')).toBe(0);
  expect(await confirm({ token: first })).toMatchObject({ status: 400, body: INVALID });
  expect((await login('twin@example.com', 'second-pass')).status).toBe(200);
  expect((await login('twin@example.com', 'first-pass')).status).toBe(401);
});

test('both links of one address opened at once: one account, the other told why', async () => {
  const tokens = [await linkFor('both1', 'both@example.com'), await linkFor('both2', 'both@example.com')];
  const replies = await Promise.all(tokens.map((token) => confirm({ token })));
  expect(replies.filter((reply) => reply.status === 201)).toHaveLength(1);
  const other = replies.find((reply) => reply.status !== 201);
  // Whichever came second: the address has its account (409), or the first already cleared the link (400).
  expect([400, 409]).toContain(other?.status);
  if (other?.status === 409) {
    expect(other.body.message).toBe(
      'An account with this email already exists. Sign in, or reset your password if you forgot it.',
    );
  }
  expect(await accountsWith('both@example.com')).toBe(1);
});

test('a username taken between the registration and the click: 409 with a clear message, nothing made', async () => {
  const late = await linkFor('racer', 'racer1@example.com');
  const early = await linkFor('RACER', 'racer2@example.com');
  expect((await confirm({ token: early })).status).toBe(201);
  const reply = await confirm({ token: late });
  expect(reply.status).toBe(409);
  const message = 'Someone took this username before you confirmed. Please register again with another one.';
  expect(reply.body).toMatchObject({ message, code: 'CONFLICT', errors: [{ field: 'username', message }] });
  expect(await accountsWith('racer1@example.com')).toBe(0);
  // The address is free to register again, with another name.
  const retry = await linkFor('racer_one', 'racer1@example.com');
  expect((await confirm({ token: retry })).status).toBe(201);
});
