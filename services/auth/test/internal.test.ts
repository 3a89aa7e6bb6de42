import { TOKEN_REVOCATIONS } from '@devcircle/contracts';
import { call, identityHeader, identityOf, internal, register, startAuth, type AuthHarness } from './harness';

let auth: AuthHarness;
beforeAll(async () => {
  auth = await startAuth();
});
afterAll(() => auth.stop());

/** The verifiers read auth's revocations from the collection (a change stream): what they would find. */
const revocationsOf = (userId: string) =>
  auth.service.deps.db
    .collection(TOKEN_REVOCATIONS)
    .find({ userId }, { projection: { _id: 0, userId: 1, tokenVersion: 1 } })
    .toArray();
const deleteAccount = (id: string, headers = internal()) =>
  call<{ message: string; revocation?: { userId: string; tokenVersion: number } }>(
    auth.service,
    'DELETE',
    `/internal/accounts/${id}`,
    undefined,
    headers,
  );

test('internal endpoints refuse calls without the internal secret', async () => {
  const someone = await register(auth, 'guarded', 'guarded@example.com');
  for (const headers of [
    {},
    { 'x-devcircle-internal': 'wrong-secret' },
    identityHeader(identityOf(someone.user)),
  ]) {
    const refused = await deleteAccount(someone.user.id, headers);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: 'Internal endpoint', code: 'FORBIDDEN' });
  }
  expect(await revocationsOf(someone.user.id)).toEqual([]);
  const stillThere = await call(
    auth.service,
    'GET',
    '/api/auth/me',
    undefined,
    identityHeader(identityOf(someone.user)),
  );
  expect(stillThere.status).toBe(200);
});

test('the revocation list is no longer served over HTTP: verifiers follow the collection', async () => {
  const reply = await call(auth.service, 'GET', '/internal/revocations', undefined, internal());
  expect(reply.status).toBe(404);
});

test('deleting an account removes it and revokes its tokens', async () => {
  const doomed = await register(auth, 'doomed', 'doomed@example.com', 'farewell');
  const reply = await deleteAccount(doomed.user.id);
  expect(reply.status).toBe(200);
  const version = reply.body.revocation?.tokenVersion ?? 0;
  expect(version).toBeGreaterThan(0);
  expect(reply.body).toEqual({
    message: 'Account deleted',
    revocation: { userId: doomed.user.id, tokenVersion: version },
  });
  expect(reply.headers.get('x-devcircle-revoked')).toBe(`${doomed.user.id}:${version}`);

  expect(await revocationsOf(doomed.user.id)).toEqual([{ userId: doomed.user.id, tokenVersion: version }]);

  const me = await call(
    auth.service,
    'GET',
    '/api/auth/me',
    undefined,
    identityHeader(identityOf(doomed.user)),
  );
  expect(me.status).toBe(401);
  const login = await call(auth.service, 'POST', '/api/auth/login', {
    email: 'doomed@example.com',
    password: 'farewell',
  });
  expect(login.status).toBe(401);

  const again = await deleteAccount(doomed.user.id);
  expect(again.status).toBe(404);
  expect(again.body).toEqual({ message: 'Account not found', code: 'NOT_FOUND' });
  expect(again.headers.get('x-devcircle-revoked')).toBeNull();
});

test('deleting with a malformed id is a 400', async () => {
  const reply = await deleteAccount('nope');
  expect(reply.status).toBe(400);
  expect(reply.body.message).toBe('Account id must be 24 hexadecimal characters');
});
