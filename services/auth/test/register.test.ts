import { call, register, startAuth, verifyToken, type AuthHarness, type Session } from './harness';

let auth: AuthHarness;
beforeAll(async () => {
  auth = await startAuth();
});
afterAll(() => auth.stop());

const post = (body: unknown) =>
  call<Session & { message: string; code?: string }>(auth.service, 'POST', '/api/auth/register', body);

describe('POST /api/auth/register', () => {
  test('creates the account: 201 with a token of the contract and the user object', async () => {
    const reply = await post({
      username: '  Ada_Lovelace ',
      email: ' Ada@Example.com',
      password: 'analytical',
    });
    expect(reply.status).toBe(201);
    const { token, user } = reply.body;
    expect(user).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      _id: user.id,
      username: 'Ada_Lovelace',
      email: 'Ada@Example.com',
      displayName: 'Ada_Lovelace',
      createdAt: expect.any(String),
    });
    expect(Number.isNaN(Date.parse(user.createdAt))).toBe(false);
    const claims = verifyToken(token);
    expect(claims).toMatchObject({
      userId: user.id,
      email: 'Ada@Example.com',
      username: 'Ada_Lovelace',
      tv: 0,
      iss: 'devcircle',
    });
    expect(claims.exp - claims.iat).toBe(7 * 24 * 60 * 60);
    expect(JSON.parse(Buffer.from(token.split('.')[0], 'base64url').toString())).toMatchObject({
      alg: 'HS256',
    });
    expect(JSON.stringify(reply.body)).not.toMatch(/password|\$2[aby]\$/i);
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
    await register(auth.service, 'longpass', 'longpass@example.com', 'p'.repeat(72));
    expect((await post({ username: 'nobody', email: 'nobody@example.com', password: '1' })).status).toBe(400);
    const login = await call(auth.service, 'POST', '/api/auth/login', {
      email: 'nobody@example.com',
      password: '1',
    });
    expect(login.status).toBe(401);
  });

  test('a taken username or email is a 409 whatever its case', async () => {
    await register(auth.service, 'Grace', 'grace@example.com');
    const sameName = await post({ username: 'gRACE', email: 'other@example.com', password: 'secret123' });
    expect(sameName.status).toBe(409);
    expect(sameName.body).toMatchObject({
      message: 'Username is already taken',
      code: 'CONFLICT',
      errors: [{ field: 'username', message: 'Username is already taken' }],
    });
    const sameEmail = await post({ username: 'grace2', email: 'GRACE@Example.COM', password: 'secret123' });
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.body).toMatchObject({
      message: 'An account with this email already exists',
      errors: [{ field: 'email', message: 'An account with this email already exists' }],
    });
  });

  test('two concurrent registrations of one username (different case): the unique index lets one win', async () => {
    const replies = await Promise.all([
      post({ username: 'racer', email: 'racer1@example.com', password: 'secret123' }),
      post({ username: 'RACER', email: 'racer2@example.com', password: 'secret123' }),
    ]);
    expect(replies.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(replies.find((r) => r.status === 409)?.body.message).toBe('Username is already taken');
  });

  test('two concurrent registrations of one email (different case): one wins, the other is told why', async () => {
    const replies = await Promise.all([
      post({ username: 'twin1', email: 'twin@example.com', password: 'secret123' }),
      post({ username: 'twin2', email: 'Twin@Example.com', password: 'secret123' }),
    ]);
    expect(replies.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(replies.find((r) => r.status === 409)?.body.message).toBe(
      'An account with this email already exists',
    );
  });

  test('malformed JSON is a 400', async () => {
    const response = await fetch(`${auth.service.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"username": ',
    });
    expect(response.status).toBe(400);
  });
});
