import { DATABASE_NOT_CONNECTED_MESSAGE } from '@devcircle/service-kit';
import { signUp, tokenIn, waitForMail } from '@devcircle/service-test-kit';
import { bearer, eventually } from './helpers';
import { startStack, type Stack } from './stack';

/** The whole back end behind one gateway; parts are stopped and started again under it. */
let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack.stop());

const call = (method: string, urlPath: string, body?: unknown, headers: Record<string, string> = {}) =>
  fetch(`${stack.gateway.url}${urlPath}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });

async function register(username: string, password = 'secret123'): Promise<string> {
  return (await signUp(stack.gateway.url, stack.outboxDir, { username, password })).token;
}

test('the database stopped: 503 DATABASE_NOT_CONNECTED; started again: everything works, nothing restarted', async () => {
  const token = await register('grace');
  await stack.stopDatabase();
  try {
    const login = await call('POST', '/api/auth/login', {
      email: 'grace@example.com',
      password: 'secret123',
    });
    expect(login.status).toBe(503);
    expect(await login.json()).toEqual({
      message: DATABASE_NOT_CONNECTED_MESSAGE,
      code: 'DATABASE_NOT_CONNECTED',
    });
    expect((await call('GET', '/api/auth/me', undefined, bearer(token))).status).toBe(503);
  } finally {
    await stack.startDatabase();
  }
  await eventually(async () => (await call('GET', '/api/auth/me', undefined, bearer(token))).status === 200);
  const login = await call('POST', '/api/auth/login', { email: 'grace@example.com', password: 'secret123' });
  expect(login.status).toBe(200);
  await eventually(async () => (await fetch(`${stack.gateway.url}/ready`)).status === 200);
});

test('a service killed: a clear gateway error within seconds; started again: it answers again', async () => {
  const token = await register('linus');
  await stack.stopService('notifications');
  const down = await call('POST', '/api/report-bug', { bug: 'The button is blue' }, bearer(token));
  expect([502, 503]).toContain(down.status);
  const body = (await down.json()) as { message: string; code: string };
  expect(['UPSTREAM_UNAVAILABLE', 'SERVICE_UNAVAILABLE']).toContain(body.code);
  expect(body.message).toMatch(/notifications/i);
  // The rest of the app keeps working meanwhile.
  expect((await call('GET', '/api/auth/me', undefined, bearer(token))).status).toBe(200);

  await stack.startService('notifications');
  await eventually(
    async () =>
      (await call('POST', '/api/report-bug', { bug: 'The button is blue' }, bearer(token))).status === 201,
  );
});

test('forgot password → the outbox mail’s link → reset, through the gateway; the link works once', async () => {
  const oldToken = await register('hopper', 'first-password');
  const forgot = await call('POST', '/api/auth/forgot-password', { email: 'HOPPER@example.com' });
  expect(forgot.status).toBe(200);
  expect(await forgot.json()).toEqual({
    message: 'If an account with that email exists, a reset link has been sent.',
  });

  const mail = await waitForMail(stack.outboxDir, { to: 'hopper@example.com', linkTo: '/reset-password' });
  const resetToken = tokenIn(mail, '/reset-password');
  expect(resetToken).not.toBe('');

  const reset = await call('POST', '/api/auth/reset-password', {
    token: resetToken,
    password: 'second-password',
  });
  expect(reset.status).toBe(200);
  expect((await call('GET', '/api/auth/me', undefined, bearer(oldToken))).status).toBe(401);
  const again = await call('POST', '/api/auth/reset-password', {
    token: resetToken,
    password: 'third-password',
  });
  expect(again.status).toBe(400);
  expect(await again.json()).toMatchObject({ message: 'Reset link is invalid or has expired.' });
  const login = await call('POST', '/api/auth/login', {
    email: 'hopper@example.com',
    password: 'second-password',
  });
  expect(login.status).toBe(200);
});

test('bad input end to end: unknown keys, objects for strings and oversized bodies change nothing', async () => {
  const unknownKey = await call('POST', '/api/auth/register', {
    username: 'mallory',
    email: 'mallory@example.com',
    password: 'secret123',
    isAdmin: true,
  });
  expect(unknownKey.status).toBe(400);
  expect(await unknownKey.json()).toMatchObject({ code: 'VALIDATION_ERROR', errors: [{ field: 'isAdmin' }] });

  const operatorForString = await call('POST', '/api/auth/login', { email: { $gt: '' }, password: 'x' });
  expect(operatorForString.status).toBe(400);

  const huge = await call('POST', '/api/auth/register', {
    username: 'mallory',
    email: 'mallory@example.com',
    password: 'x'.repeat(2 * 1024 * 1024),
  });
  expect(huge.status).toBe(413);
  expect(await huge.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });

  // None of it created the account.
  const login = await call('POST', '/api/auth/login', {
    email: 'mallory@example.com',
    password: 'secret123',
  });
  expect(login.status).toBe(401);
});
