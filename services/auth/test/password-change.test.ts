import { TOKEN_REVOCATIONS } from '@devcircle/contracts';
import {
  call,
  identityHeader,
  identityOf,
  internal,
  register,
  startAuth,
  verifyToken,
  type AuthHarness,
  type Session,
} from './harness';

let auth: AuthHarness;
beforeAll(async () => {
  auth = await startAuth();
});
afterAll(() => auth.stop());

interface ChangeReply {
  message: string;
  token?: string;
  code?: string;
}

const change = (session: Session, body: unknown, id = session.user.id) =>
  call<ChangeReply>(
    auth.service,
    'PUT',
    `/api/users/${id}/password`,
    body,
    identityHeader(identityOf(session.user)),
  );

const login = (email: string, password: string) =>
  call<Session>(auth.service, 'POST', '/api/auth/login', { email, password });

describe('PUT /api/users/:id/password', () => {
  test('changes the password, answers a token of the new version and revokes the older ones', async () => {
    const margaret = await register(auth, 'margaret', 'margaret@nasa.gov', 'apollo11');
    const reply = await change(margaret, {
      currentPassword: 'apollo11',
      newPassword: 'apollo13',
      confirmPassword: 'apollo13',
    });
    expect(reply.status).toBe(200);
    expect(reply.body.message).toBe('Password updated successfully.');
    // The new version is above 0 by a random step (see token-versions.test.ts).
    const version = verifyToken(reply.body.token as string).tv;
    expect(version).toBeGreaterThan(0);
    expect(verifyToken(reply.body.token as string)).toMatchObject({
      userId: margaret.user.id,
      username: 'margaret',
      email: 'margaret@nasa.gov',
      tv: version,
    });
    expect(reply.headers.get('x-devcircle-revoked')).toBe(`${margaret.user.id}:${version}`);

    // Recorded where the verifiers follow it (the gateway and the socket server stream this collection).
    const recorded = await auth.service.deps.db
      .collection(TOKEN_REVOCATIONS)
      .findOne({ userId: margaret.user.id, tokenVersion: version });
    expect(recorded).toMatchObject({ userId: margaret.user.id, tokenVersion: version });

    expect((await login('margaret@nasa.gov', 'apollo11')).status).toBe(401);
    const fresh = await login('margaret@nasa.gov', 'apollo13');
    expect(fresh.status).toBe(200);
    expect(verifyToken(fresh.body.token).tv).toBe(version);
  });

  test('a wrong current password is a 400 and changes nothing', async () => {
    const alan = await register(auth, 'alan', 'alan@bletchley.uk', 'enigma01');
    const reply = await change(alan, {
      currentPassword: 'enigma02',
      newPassword: 'bombe123',
      confirmPassword: 'bombe123',
    });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ message: 'Current password is incorrect' });
    expect(reply.headers.get('x-devcircle-revoked')).toBeNull();
    expect((await login('alan@bletchley.uk', 'enigma01')).status).toBe(200);
    expect((await login('alan@bletchley.uk', 'bombe123')).status).toBe(401);
  });

  test('someone else’s id is a 403, even with that user’s current password', async () => {
    const owner = await register(auth, 'owner', 'owner@example.com', 'ownerpass');
    const intruder = await register(auth, 'intruder', 'intruder@example.com', 'intruder1');
    const reply = await change(
      intruder,
      { currentPassword: 'ownerpass', newPassword: 'hijacked', confirmPassword: 'hijacked' },
      owner.user.id,
    );
    expect(reply.status).toBe(403);
    expect(reply.body).toEqual({ message: 'You can only change your own password', code: 'FORBIDDEN' });
    expect((await login('owner@example.com', 'ownerpass')).status).toBe(200);
  });

  test('without an identity it is a 401', async () => {
    const reply = await call(auth.service, 'PUT', `/api/users/${'a'.repeat(24)}/password`, {
      currentPassword: 'x',
      newPassword: 'yyyyyy',
      confirmPassword: 'yyyyyy',
    });
    expect(reply.status).toBe(401);
  });

  test.each([
    [{ newPassword: 'abcdef', confirmPassword: 'abcdef' }, 'All fields are required.'],
    [{ currentPassword: 'grace123', newPassword: '', confirmPassword: '' }, 'All fields are required.'],
    [{ currentPassword: 'grace123', newPassword: 'abcdef' }, 'All fields are required.'],
    [{ currentPassword: 'grace123', newPassword: 'abcdef', confirmPassword: '' }, 'All fields are required.'],
    [
      { currentPassword: 'grace123', newPassword: 'abc', confirmPassword: 'abc' },
      'New password must be at least 6 characters.',
    ],
    [
      { currentPassword: 'grace123', newPassword: 'abcdef', confirmPassword: 'abcdeg' },
      'New passwords do not match.',
    ],
    [
      { currentPassword: 'grace123', newPassword: 'ü'.repeat(40), confirmPassword: 'ü'.repeat(40) },
      'New password must be at most 72 bytes (72 plain letters or digits).',
    ],
    [
      { currentPassword: 'grace123', newPassword: 'abcdef', confirmPassword: 'abcdef', admin: true },
      'admin is not allowed',
    ],
    [
      { currentPassword: ['grace123'], newPassword: 'abcdef', confirmPassword: 'abcdef' },
      'Current password must be a string.',
    ],
  ])('%j is a 400: %s', async (body, message) => {
    const grace = await register(auth, `g${Math.random().toString(36).slice(2, 10)}`, undefined, 'grace123');
    const reply = await change(grace, body);
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ message, code: 'VALIDATION_ERROR' });
    expect((await login(grace.user.email, 'grace123')).status).toBe(200);
  });

  test('an id that is not an object id is a 400', async () => {
    const someone = await register(auth, 'someone', 'someone@example.com');
    const reply = await change(
      someone,
      { currentPassword: 'secret123', newPassword: 'abcdef', confirmPassword: 'abcdef' },
      'me',
    );
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe('User id must be 24 hexadecimal characters');
  });

  test('the identity of a deleted account is a 401', async () => {
    const gone = await register(auth, 'gone', 'gone@example.com');
    await call(auth.service, 'DELETE', `/internal/accounts/${gone.user.id}`, undefined, internal());
    const reply = await change(gone, {
      currentPassword: 'secret123',
      newPassword: 'abcdef',
      confirmPassword: 'abcdef',
    });
    expect(reply.status).toBe(401);
  });
});
