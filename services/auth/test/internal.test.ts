import { call, identityHeader, identityOf, internal, register, startAuth, type AuthHarness } from './harness';

interface RevocationPage {
  revocations: { id: string; userId: string; tokenVersion: number }[];
  latest: string | null;
}

let auth: AuthHarness;
beforeAll(async () => {
  auth = await startAuth();
});
afterAll(() => auth.stop());

const revocations = (query = '', headers = internal()) =>
  call<RevocationPage>(auth.service, 'GET', `/internal/revocations${query}`, undefined, headers);
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
    const list = await revocations('', headers);
    expect(list.status).toBe(403);
    expect(list.body).toEqual({ message: 'Internal endpoint', code: 'FORBIDDEN' });
    expect((await deleteAccount(someone.user.id, headers)).status).toBe(403);
  }
  const stillThere = await call(
    auth.service,
    'GET',
    '/api/auth/me',
    undefined,
    identityHeader(identityOf(someone.user)),
  );
  expect(stillThere.status).toBe(200);
});

test('revocations: everything without `after`, then only newer ones, in ascending order', async () => {
  const empty = await revocations();
  expect(empty.status).toBe(200);
  const start = empty.body.latest;

  const users = await Promise.all(['rev1', 'rev2', 'rev3'].map((name) => register(auth, name)));
  for (const user of users) expect((await deleteAccount(user.user.id)).status).toBe(200);

  const all = await revocations();
  const ids = all.body.revocations.map((r) => r.id);
  expect(ids).toEqual([...ids].sort());
  expect(all.body.latest).toBe(ids[ids.length - 1]);

  const newer = await revocations(start ? `?after=${start}` : '');
  expect(newer.body.revocations.map((r) => r.userId)).toEqual(users.map((u) => u.user.id));
  expect(newer.body.revocations.every((r) => Number.isInteger(r.tokenVersion) && r.tokenVersion > 0)).toBe(
    true,
  );

  const nothingNew = await revocations(`?after=${all.body.latest}`);
  expect(nothingNew.body).toEqual({ revocations: [], latest: all.body.latest });
});

test('revocations: a malformed `after` or an unknown parameter is a 400', async () => {
  expect((await revocations('?after=xyz')).status).toBe(400);
  expect((await revocations('?after=0123456789abcdef01234567&limit=5')).body).toMatchObject({
    message: 'limit is not allowed',
  });
});

test('deleting an account removes it and revokes its tokens', async () => {
  const doomed = await register(auth, 'doomed', 'doomed@example.com', 'farewell');
  const before = (await revocations()).body.latest;
  const reply = await deleteAccount(doomed.user.id);
  expect(reply.status).toBe(200);
  const version = reply.body.revocation?.tokenVersion ?? 0;
  expect(version).toBeGreaterThan(0);
  expect(reply.body).toEqual({
    message: 'Account deleted',
    revocation: { userId: doomed.user.id, tokenVersion: version },
  });
  expect(reply.headers.get('x-devcircle-revoked')).toBe(`${doomed.user.id}:${version}`);

  const recorded = await revocations(before ? `?after=${before}` : '');
  expect(recorded.body.revocations).toEqual([
    { id: expect.any(String), userId: doomed.user.id, tokenVersion: version },
  ]);

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
