import { TOKEN_REVOCATIONS } from '@devcircle/contracts';
import {
  call,
  identityHeader,
  identityOf,
  PUBLIC_URL,
  readOutbox,
  register,
  resetLinkIn,
  resetMails,
  sleep,
  startAuth,
  waitForResetMails,
  type AuthHarness,
  type Session,
} from './harness';

const SENT = 'If an account with that email exists, a reset link has been sent.';
const INVALID = 'Reset link is invalid or has expired.';

let auth: AuthHarness;
beforeAll(async () => {
  auth = await startAuth();
});
afterAll(() => auth.stop());

const forgot = (body: unknown, on = auth) =>
  call<{ message: string }>(on.service, 'POST', '/api/auth/forgot-password', body);
const reset = (body: unknown, on = auth) =>
  call<{ message: string; code?: string }>(on.service, 'POST', '/api/auth/reset-password', body);
const login = (email: string, password: string) =>
  call<Session>(auth.service, 'POST', '/api/auth/login', { email, password });

/** Each test mails from a fresh service data directory, so the outbox holds only its own messages. */
async function withOwnOutbox<T>(
  extraEnv: NodeJS.ProcessEnv,
  run: (on: AuthHarness) => Promise<T>,
): Promise<T> {
  const own = await startAuth(extraEnv, auth.database);
  try {
    return await run(own);
  } finally {
    await own.stop();
  }
}

test('a reset mail is written to the outbox and its link resets the password once', async () => {
  await withOwnOutbox({}, async (on) => {
    const hedy = await register(on, 'hedy', 'Hedy@Example.com', 'frequency');
    const answer = await forgot({ email: 'hedy@example.com' }, on);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ message: SENT });

    const [mail] = await waitForResetMails(on.outboxDir, 1);
    expect(mail.text).toMatch(/^To: Hedy@example\.com$/im); // nodemailer lowercases the domain
    expect(mail.text).toMatch(/^From: DevCircle <no-reply@devcircle\.local>$/m);
    expect(mail.subject).toBe('Reset your DevCircle password');
    const link = resetLinkIn(mail);
    expect(`${link.origin}${link.pathname}`).toBe(`${PUBLIC_URL}/reset-password`);
    const token = link.searchParams.get('token') as string;
    expect(token.length).toBeGreaterThanOrEqual(43);

    const done = await reset({ token, password: 'hopping!' }, on);
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ message: 'Your password has been reset. You can now sign in.' });
    const revoked = done.headers.get('x-devcircle-revoked') ?? '';
    expect(revoked).toMatch(new RegExp(`^${hedy.user.id}:[1-9][0-9]*$`));
    const version = Number(revoked.split(':')[1]);

    expect((await login('hedy@example.com', 'frequency')).status).toBe(401);
    expect((await login('hedy@example.com', 'hopping!')).status).toBe(200);

    const again = await reset({ token, password: 'another1' }, on);
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ message: INVALID, code: 'INVALID_RESET_TOKEN' });
    expect((await login('hedy@example.com', 'hopping!')).status).toBe(200);

    // Recorded where the verifiers follow it (the gateway and the socket server stream this collection).
    const recorded = await on.service.deps.db
      .collection(TOKEN_REVOCATIONS)
      .findOne({ userId: hedy.user.id, tokenVersion: version });
    expect(recorded).toMatchObject({ userId: hedy.user.id, tokenVersion: version });
  });
});

test('an unknown email gets the same answer and no mail', async () => {
  await withOwnOutbox({}, async (on) => {
    await register(on, 'known', 'known@example.com');
    const unknown = await forgot({ email: 'stranger@example.com' }, on);
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual({ message: SENT });
    // Mail jobs run one at a time in request order: once the second request's mail exists, the first has
    // been handled, and it must have written nothing.
    const known = await forgot({ email: 'known@example.com' }, on);
    expect(known.body).toEqual(unknown.body);
    const mails = await waitForResetMails(on.outboxDir, 1);
    await sleep(50);
    expect(await resetMails(on.outboxDir)).toHaveLength(1);
    expect(mails[0].to).toBe('known@example.com');
    expect((await readOutbox(on.outboxDir)).map((mail) => mail.text).join()).not.toContain('stranger');
  });
});

test('a new request invalidates the previous link', async () => {
  await withOwnOutbox({}, async (on) => {
    await register(on, 'twice', 'twice@example.com');
    await forgot({ email: 'twice@example.com' }, on);
    await waitForResetMails(on.outboxDir, 1);
    await forgot({ email: 'twice@example.com' }, on);
    const [first, second] = await waitForResetMails(on.outboxDir, 2);
    const older = resetLinkIn(first).searchParams.get('token');
    const newer = resetLinkIn(second).searchParams.get('token');
    expect(older).not.toBe(newer);
    expect((await reset({ token: older, password: 'newpass1' }, on)).body.message).toBe(INVALID);
    expect((await reset({ token: newer, password: 'newpass1' }, on)).status).toBe(200);
  });
});

test('a link expires after RESET_TOKEN_TTL_MS', async () => {
  await withOwnOutbox({ RESET_TOKEN_TTL_MS: '1' }, async (on) => {
    await register(on, 'late', 'late@example.com', 'original');
    await forgot({ email: 'late@example.com' }, on);
    const [mail] = await waitForResetMails(on.outboxDir, 1);
    await sleep(20);
    const reply = await reset(
      { token: resetLinkIn(mail).searchParams.get('token'), password: 'toolate1' },
      on,
    );
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe(INVALID);
    expect((await login('late@example.com', 'original')).status).toBe(200);
  });
});

test('changing the password kills a pending reset link; a refused reset does not use the link up', async () => {
  await withOwnOutbox({}, async (on) => {
    const mia = await register(on, 'mia', 'mia@example.com', 'first-pass');
    await forgot({ email: 'mia@example.com' }, on);
    const [mail] = await waitForResetMails(on.outboxDir, 1);
    const token = resetLinkIn(mail).searchParams.get('token');

    const tooShort = await reset({ token, password: '123' }, on);
    expect(tooShort.status).toBe(400);
    expect(tooShort.body.message).toBe('Password must be at least 6 characters.');

    const changed = await call(
      on.service,
      'PUT',
      `/api/users/${mia.user.id}/password`,
      { currentPassword: 'first-pass', newPassword: 'second-pass', confirmPassword: 'second-pass' },
      identityHeader(identityOf(mia.user)),
    );
    expect(changed.status).toBe(200);
    expect((await reset({ token, password: 'third-pass' }, on)).body.message).toBe(INVALID);
  });
});

test('a made-up token is refused', async () => {
  const reply = await reset({ token: 'A'.repeat(43), password: 'whatever1' });
  expect(reply.status).toBe(400);
  expect(reply.body).toEqual({ message: INVALID, code: 'INVALID_RESET_TOKEN' });
});

test.each([
  [{ password: 'newpass1' }, 'Reset token is missing or invalid.'],
  [{ token: '', password: 'newpass1' }, 'Reset token is missing or invalid.'],
  [{ token: { $ne: null }, password: 'newpass1' }, 'Reset token is missing or invalid.'],
  [{ token: 'abc' }, 'Password is required.'],
  [{ token: 'abc', password: '12345' }, 'Password must be at least 6 characters.'],
  [
    { token: 'abc', password: 'x'.repeat(73) },
    'Password must be at most 72 bytes (72 plain letters or digits).',
  ],
  [{ token: 'abc', password: 'newpass1', confirm: 'newpass1' }, 'confirm is not allowed'],
])('reset-password %j is a 400: %s', async (body, message) => {
  const reply = await reset(body);
  expect(reply.status).toBe(400);
  expect(reply.body).toMatchObject({ message, code: 'VALIDATION_ERROR' });
});

test.each([
  [{}, 'Email is required'],
  [{ email: '' }, 'Email is required'],
  [{ email: 'not-an-address' }, 'Please enter a valid email'],
  [{ email: { $regex: '.*' } }, 'Email must be a string'],
  [{ email: 'a@b.co', username: 'a' }, 'username is not allowed'],
])('forgot-password %j is a 400: %s', async (body, message) => {
  const reply = await forgot(body);
  expect(reply.status).toBe(400);
  expect(reply.body).toMatchObject({ message, code: 'VALIDATION_ERROR' });
});
