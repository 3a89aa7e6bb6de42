import {
  call,
  identityHeader,
  identityOf,
  register,
  startAuth,
  verifyToken,
  type AuthHarness,
  type Session,
  type UserBody,
} from './harness';

let auth: AuthHarness;
let linus: Session;
beforeAll(async () => {
  auth = await startAuth();
  linus = await register(auth, 'Linus', 'Linus@Kernel.org', 'penguin42');
});
afterAll(() => auth.stop());

const login = (body: unknown) =>
  call<Session & { message: string; code: string }>(auth.service, 'POST', '/api/auth/login', body);

describe('POST /api/auth/login', () => {
  test('the right password gives a token and the user; the email matches in any case', async () => {
    const reply = await login({ email: ' linus@KERNEL.org ', password: 'penguin42' });
    expect(reply.status).toBe(200);
    expect(reply.body.user).toEqual(linus.user);
    expect(verifyToken(reply.body.token)).toMatchObject({
      userId: linus.user.id,
      email: 'Linus@Kernel.org',
      username: 'Linus',
      tv: 0,
    });
  });

  test('a wrong password and an unknown email get the same 401', async () => {
    const wrong = await login({ email: 'linus@kernel.org', password: 'penguin43' });
    const unknown = await login({ email: 'nobody@kernel.org', password: 'penguin42' });
    const malformed = await login({ email: 'not-an-address', password: 'penguin42' });
    for (const reply of [wrong, unknown, malformed]) {
      expect(reply.status).toBe(401);
      expect(reply.body).toEqual({ message: 'Invalid email or password', code: 'INVALID_CREDENTIALS' });
    }
  });

  test('bcrypt reads 72 bytes only, but a longer password that starts with the real one is still wrong', async () => {
    const real = 'x'.repeat(72);
    await register(auth, 'maxlen', 'maxlen@example.com', real);
    expect((await login({ email: 'maxlen@example.com', password: real })).status).toBe(200);
    expect((await login({ email: 'maxlen@example.com', password: `${real}y` })).status).toBe(401);
  });

  test.each([
    [{ password: 'penguin42' }, 'Email is required'],
    [{ email: '', password: 'penguin42' }, 'Email is required'],
    [{ email: 'linus@kernel.org' }, 'Password is required'],
    [{ email: 'linus@kernel.org', password: '' }, 'Password is required'],
    [{ email: { $ne: null }, password: 'penguin42' }, 'Email must be a string'],
    [{ email: 'linus@kernel.org', password: { $gt: '' } }, 'Password must be a string'],
    [{ email: 'linus@kernel.org', password: 'penguin42', remember: true }, 'remember is not allowed'],
  ])('%j is a 400: %s', async (body, message) => {
    const reply = await login(body);
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ message, code: 'VALIDATION_ERROR' });
  });
});

describe('GET /api/auth/me', () => {
  test('returns the caller’s user object from the database', async () => {
    const reply = await call<UserBody>(
      auth.service,
      'GET',
      '/api/auth/me',
      undefined,
      identityHeader(identityOf(linus.user)),
    );
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual(linus.user);
  });

  test('without an identity, or with a forged one, it is a 401', async () => {
    const none = await call(auth.service, 'GET', '/api/auth/me');
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ message: 'Authentication required', code: 'UNAUTHORIZED' });
    const forged = await call(auth.service, 'GET', '/api/auth/me', undefined, {
      'x-devcircle-identity': 'eyJpZCI6IngifQ.bad-signature',
    });
    expect(forged.status).toBe(401);
  });

  test('an identity whose account does not exist is a 401', async () => {
    for (const id of ['0123456789abcdef01234567', 'not-an-object-id']) {
      const reply = await call(
        auth.service,
        'GET',
        '/api/auth/me',
        undefined,
        identityHeader({ id, username: 'ghost', email: 'ghost@example.com' }),
      );
      expect(reply.status).toBe(401);
      expect(reply.body).toEqual({ message: 'Account not found', code: 'UNAUTHORIZED' });
    }
  });
});

test('GET /api/auth/ping answers 200 {status: ok}', async () => {
  const reply = await call(auth.service, 'GET', '/api/auth/ping');
  expect(reply.status).toBe(200);
  expect(reply.body).toEqual({ status: 'ok' });
});

test('/health and /ready answer for the auth service', async () => {
  expect((await call(auth.service, 'GET', '/health')).body).toMatchObject({ status: 'ok', service: 'auth' });
  expect((await call(auth.service, 'GET', '/ready')).body).toMatchObject({ status: 'ready', database: 'up' });
});
