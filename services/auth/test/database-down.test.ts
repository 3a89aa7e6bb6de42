import { startServer } from '@devcircle/embedded-mongo';
import { DATABASE_NOT_CONNECTED_MESSAGE } from '@devcircle/service-kit';
import { call, register, startAuth, type AuthHarness } from './harness';

let auth: AuthHarness;
beforeAll(async () => {
  auth = await startAuth();
});
afterAll(() => auth.stop());

test('database down: /ready is 503 and calls that need it answer 503 DATABASE_NOT_CONNECTED; back: it recovers', async () => {
  await register(auth, 'survivor', 'survivor@example.com', 'persist1');
  const port = auth.database.port;
  await auth.database.stop();

  expect((await call(auth.service, 'GET', '/ready')).status).toBe(503);
  const calls = [
    call(auth.service, 'POST', '/api/auth/login', { email: 'survivor@example.com', password: 'persist1' }),
    call(auth.service, 'POST', '/api/auth/register', {
      username: 'newbie',
      email: 'newbie@example.com',
      password: 'secret1',
    }),
    call(auth.service, 'POST', '/api/auth/register/confirm', { token: 'x'.repeat(43) }),
    call(auth.service, 'POST', '/api/auth/forgot-password', { email: 'survivor@example.com' }),
  ];
  for (const reply of await Promise.all(calls)) {
    expect(reply.status).toBe(503);
    expect(reply.body).toEqual({ message: DATABASE_NOT_CONNECTED_MESSAGE, code: 'DATABASE_NOT_CONNECTED' });
  }
  // The keep-alive does not need the database.
  expect((await call(auth.service, 'GET', '/api/auth/ping')).status).toBe(200);

  // The database comes back (empty: it was in memory); the service reconnects without a restart.
  auth.database = await startServer({ port });
  let status = 0;
  for (let attempt = 0; attempt < 50 && status !== 202; attempt++) {
    status = (
      await call(auth.service, 'POST', '/api/auth/register', {
        username: 'back',
        email: 'back@example.com',
        password: 'secret1',
      })
    ).status;
    if (status !== 202) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  expect(status).toBe(202);
  expect((await call(auth.service, 'GET', '/ready')).status).toBe(200);
  // The whole registration works again: the link is stored, mailed and makes the account.
  await expect(register(auth, 'comeback')).resolves.toMatchObject({ user: { username: 'comeback' } });
});
