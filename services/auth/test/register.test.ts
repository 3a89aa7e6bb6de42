import { createHash } from 'node:crypto';
import { REGISTRATION_PENDING_MESSAGE } from '@devcircle/contracts';
import {
  call,
  PUBLIC_URL,
  readOutbox,
  register,
  startAuth,
  type AuthHarness,
  type OutboxMail,
  type Session,
  waitForMail,
} from './harness';

let auth: AuthHarness;
beforeAll(async () => {
  auth = await startAuth();
});
afterAll(() => auth.stop());

const post = (body: unknown) =>
  call<{ message: string; code?: string; errors?: unknown[] }>(
    auth.service,
    'POST',
    '/api/auth/register',
    body,
  );
const login = (email: string, password: string) =>
  call<Session>(auth.service, 'POST', '/api/auth/login', { email, password });
const db = () => auth.service.deps.db;
const accountsWith = (email: string) =>
  db()
    .collection('accounts')
    .countDocuments({ email }, { collation: { locale: 'en', strength: 2 } });
const pendingFor = (email: string) =>
  db()
    .collection('pending_registrations')
    .find({ email }, { collation: { locale: 'en', strength: 2 } })
    .toArray();
/** The newest mail to `email` other than those already in the outbox (`before`). */
const mailTo = async (email: string, before: OutboxMail[]) =>
  waitForMail(auth.outboxDir, { to: email, notIn: before.map((mail) => mail.file) });

const PENDING = { message: REGISTRATION_PENDING_MESSAGE };

describe('POST /api/auth/register', () => {
  test('a new address: 202 with the one message; the address gets the link and nothing exists yet', async () => {
    const before = await readOutbox(auth.outboxDir);
    const reply = await post({
      username: '  Ada_Lovelace ',
      email: ' Ada@Example.com',
      password: 'analytical',
    });
    expect(reply.status).toBe(202);
    expect(reply.body).toEqual(PENDING);

    const mail = await mailTo('ada@example.com', before);
    expect(mail.to).toBe('Ada@example.com'); // nodemailer lowercases the domain
    expect(mail.subject).toBe('Finish creating your DevCircle account');
    expect(mail.text).toContain('Hi Ada_Lovelace,');
    expect(mail.text).toContain('expires in 24 hours');
    const link = new URL(/https?:\/\/\S+\/register\/confirm\?token=[\w-]+/.exec(mail.text)?.[0] ?? '');
    expect(`${link.origin}${link.pathname}`).toBe(`${PUBLIC_URL}/register/confirm`);
    const token = link.searchParams.get('token') as string;
    expect(token.length).toBeGreaterThanOrEqual(43);

    // Kept until the link is opened: the typed spelling, a bcrypt hash, the link's sha256 only, a day to live.
    const [pending] = await pendingFor('ada@example.com');
    expect(pending).toMatchObject({
      username: 'Ada_Lovelace',
      email: 'Ada@Example.com',
      passwordHash: expect.stringMatching(/^\$2[aby]\$04\$/), // the harness's BCRYPT_COST
      tokenHash: createHash('sha256').update(token).digest('hex'),
    });
    expect(JSON.stringify(pending)).not.toContain(token);
    expect((pending.expiresAt as Date).getTime() - (pending.createdAt as Date).getTime()).toBeGreaterThan(
      23 * 3600 * 1000,
    );
    expect(await accountsWith('ada@example.com')).toBe(0);
    expect((await login('ada@example.com', 'analytical')).status).toBe(401);
  });

  test('a taken address: the same status and body; its owner is told by mail; nothing is kept', async () => {
    await register(auth, 'Grace', 'grace@example.com', 'original1');
    const before = await readOutbox(auth.outboxDir);
    const taken = await post({ username: 'grace2', email: 'GRACE@Example.COM', password: 'another1' });
    const fresh = await post({ username: 'hopper', email: 'hopper@example.com', password: 'another1' });
    expect({ status: taken.status, body: taken.body }).toEqual({ status: fresh.status, body: fresh.body });
    expect(taken.status).toBe(202);
    expect(taken.body).toEqual(PENDING);
    expect(taken.headers.get('content-length')).toBe(fresh.headers.get('content-length'));

    // The owner's mail goes to the address on the account, with a way in and no link that makes anything.
    const warning = await mailTo('grace@example.com', before);
    expect(warning.to).toBe('grace@example.com');
    expect(warning.subject).toBe('You already have a DevCircle account');
    expect(warning.text).toContain('Hi Grace,');
    expect(warning.text).toContain(`${PUBLIC_URL}/login`);
    expect(warning.text).toContain(`${PUBLIC_URL}/forgot-password`);
    expect(warning.text).not.toContain('token=');
    // The mails go out one at a time in request order: the second request's mail means the first is done.
    await mailTo('hopper@example.com', before);
    expect(await pendingFor('grace@example.com')).toEqual([]);
    expect(await accountsWith('grace@example.com')).toBe(1);
    expect((await login('grace@example.com', 'another1')).status).toBe(401);
    expect((await login('grace@example.com', 'original1')).status).toBe(200);
  });

  test('a taken username is a 409 whatever its case: usernames are public anyway', async () => {
    await register(auth, 'Linus', 'linus@example.com');
    const sameName = await post({ username: 'lINUS', email: 'other@example.com', password: 'secret123' });
    expect(sameName.status).toBe(409);
    expect(sameName.body).toMatchObject({
      message: 'Username is already taken',
      code: 'CONFLICT',
      errors: [{ field: 'username', message: 'Username is already taken' }],
    });
    expect(await pendingFor('other@example.com')).toEqual([]);
  });

  test.each([
    [{ email: 'a@b.co', password: 'secret1' }, 'Username is required'],
    [{ username: '   ', email: 'a@b.co', password: 'secret1' }, 'Username is required'],
    [{ username: 'ab', email: 'a@b.co', password: 'secret1' }, 'Username must be at least 3 characters'],
    [
      { username: 'a'.repeat(31), email: 'a@b.co', password: 'secret1' },
      'Username must be at most 30 characters',
    ],
    [
      { username: 'ada lovelace', email: 'a@b.co', password: 'secret1' },
      'Username may only contain letters, numbers, dots, hyphens and underscores',
    ],
    [{ username: 'ada', password: 'secret1' }, 'Email is required'],
    [{ username: 'ada', email: '', password: 'secret1' }, 'Email is required'],
    [{ username: 'ada', email: 'ada@example', password: 'secret1' }, 'Please enter a valid email'],
    [{ username: 'ada', email: 'ada example@x.io', password: 'secret1' }, 'Please enter a valid email'],
    [
      { username: 'ada', email: `${'a'.repeat(250)}@x.io`, password: 'secret1' },
      'Email must be at most 254 characters',
    ],
    [{ username: 'ada', email: 'a@b.co' }, 'Password is required'],
    [{ username: 'ada', email: 'a@b.co', password: '' }, 'Password is required'],
    [{ username: 'ada', email: 'a@b.co', password: '12345' }, 'Password must be at least 6 characters'],
    [
      { username: 'ada', email: 'a@b.co', password: 'é'.repeat(37) },
      'Password must be at most 72 bytes (72 plain letters or digits)',
    ],
    [{ username: { $gt: '' }, email: 'a@b.co', password: 'secret1' }, 'Username must be a string'],
    [{ username: 'ada', email: ['a@b.co'], password: 'secret1' }, 'Email must be a string'],
    [{ username: 'ada', email: 'a@b.co', password: 123456 }, 'Password must be a string'],
    [
      { username: 'ada', email: 'a@b.co', password: 'secret1', confirmPassword: 'secret1' },
      'confirmPassword is not allowed',
    ],
  ])('%j is refused: %s', async (body, message) => {
    const reply = await post(body);
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ message, code: 'VALIDATION_ERROR' });
  });

  test('every invalid field is listed', async () => {
    const reply = await post({ username: 'x', email: 'nope', password: '1' });
    expect(reply.body).toMatchObject({
      message: 'Username must be at least 3 characters',
      errors: [
        { field: 'username', message: 'Username must be at least 3 characters' },
        { field: 'email', message: 'Please enter a valid email' },
        { field: 'password', message: 'Password must be at least 6 characters' },
      ],
    });
  });

  test('a 72-byte password is accepted and a refused registration creates nothing', async () => {
    await register(auth, 'longpass', 'longpass@example.com', 'p'.repeat(72));
    expect((await login('longpass@example.com', 'p'.repeat(72))).status).toBe(200);
    expect((await post({ username: 'nobody', email: 'nobody@example.com', password: '1' })).status).toBe(400);
    expect(await pendingFor('nobody@example.com')).toEqual([]);
    expect((await login('nobody@example.com', '1')).status).toBe(401);
  });

  test('malformed JSON is a 400', async () => {
    const response = await fetch(`${auth.service.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"username": ',
    });
    expect(response.status).toBe(400);
  });

  test('pending registrations expire with their link: a TTL index on expiresAt', async () => {
    expect(await db().collection('pending_registrations').indexes()).toContainEqual(
      expect.objectContaining({ key: { expiresAt: 1 }, expireAfterSeconds: 0 }),
    );
  });
});
