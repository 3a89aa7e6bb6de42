import { startServer, type RunningServer } from '@devcircle/embedded-mongo';
import { ObjectId, type Db } from 'mongodb';
import {
  call,
  identityHeader,
  identityOf,
  register,
  startAuth,
  verifyToken,
  type AuthHarness,
} from './harness';

/**
 * Token versions cannot be guessed (random steps), and the latest revocation of every account is kept for good,
 * so the verifiers always know each account's current version.
 */
let database: RunningServer;
let auth: AuthHarness;
beforeAll(async () => {
  // TTL sweeps often, so the test can wait for one.
  database = await startServer({ port: 0, ttlIntervalMs: 20 });
  auth = await startAuth({}, database);
});
afterAll(async () => {
  await auth.stop();
  await database.stop();
});

const db = (): Db => auth.service.deps.db;
const revocationsOf = (userId: string) =>
  db().collection('token_revocations').find({ userId }).sort({ _id: 1 }).toArray();

async function waitFor(what: string, condition: () => Promise<boolean>): Promise<void> {
  for (let attempt = 0; attempt < 500; attempt++) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function changePassword(
  userId: string,
  user: Parameters<typeof identityOf>[0],
  from: string,
  to: string,
) {
  const reply = await call<{ token: string }>(
    auth.service,
    'PUT',
    `/api/users/${userId}/password`,
    { currentPassword: from, newPassword: to, confirmPassword: to },
    identityHeader(identityOf(user)),
  );
  expect(reply.status).toBe(200);
  return verifyToken(reply.body.token).tv;
}

test('each bump raises the version by an unguessable step', async () => {
  const versions: number[] = [];
  for (const name of ['step1', 'step2', 'step3', 'step4']) {
    const session = await register(auth, name, undefined, 'password1');
    versions.push(await changePassword(session.user.id, session.user, 'password1', 'password2'));
  }
  for (const version of versions) {
    expect(Number.isInteger(version)).toBe(true);
    expect(version).toBeGreaterThan(0);
  }
  // Four accounts bumped once each: with steps of 1 they would all be at 1.
  expect(new Set(versions).size).toBe(versions.length);
});

test('versions only go up, and the latest revocation of an account outlives the retention', async () => {
  const session = await register(auth, 'keeper', undefined, 'password1');
  const userId = session.user.id;
  const first = await changePassword(userId, session.user, 'password1', 'password2');
  const second = await changePassword(userId, session.user, 'password2', 'password3');
  const third = await changePassword(userId, session.user, 'password3', 'password4');
  expect(first).toBeLessThan(second);
  expect(second).toBeLessThan(third);

  const recorded = await revocationsOf(userId);
  expect(recorded.map((entry) => [entry.tokenVersion, entry.supersededAt instanceof Date])).toEqual([
    [first, true],
    [second, true],
    [third, false],
  ]);

  // Age every entry of the user well beyond the 30 days of retention; the TTL monitor then runs.
  const longAgo = new Date(Date.now() - 60 * 24 * 60 * 60 * 1000);
  await db()
    .collection('token_revocations')
    .updateMany({ userId }, { $set: { createdAt: longAgo } });
  await db()
    .collection('token_revocations')
    .updateMany({ userId, supersededAt: { $exists: true } }, { $set: { supersededAt: longAgo } });
  await waitFor('the superseded revocations to expire', async () => (await revocationsOf(userId)).length < 3);

  expect((await revocationsOf(userId)).map((entry) => entry.tokenVersion)).toEqual([third]);
  const indexes = await db().collection('token_revocations').listIndexes().toArray();
  expect(indexes.map((index) => index.name)).not.toContain('revocations_ttl');
});

test('an install set up before: the legacy TTL index is replaced and every account’s version is recorded', async () => {
  const revocations = db().collection('token_revocations');
  // As an earlier version left it: the TTL on createdAt, entries without supersededAt, and an account whose
  // latest revocation that index already deleted.
  await revocations.createIndex(
    { createdAt: 1 },
    { name: 'revocations_ttl', expireAfterSeconds: 30 * 86400 },
  );
  const lost = await register(auth, 'lost', undefined, 'password1');
  const lostVersion = await changePassword(lost.user.id, lost.user, 'password1', 'password2');
  await revocations.deleteMany({ userId: lost.user.id });
  const old = await register(auth, 'old', undefined, 'password1');
  const oldId = old.user.id;
  await revocations.insertMany([
    { _id: new ObjectId(), userId: oldId, tokenVersion: 1, createdAt: new Date() },
    { _id: new ObjectId(), userId: oldId, tokenVersion: 2, createdAt: new Date() },
  ]);
  await db()
    .collection('accounts')
    .updateOne({ _id: new ObjectId(oldId) }, { $set: { tokenVersion: 2 } });

  await auth.stop(); // the database is this file's: it stays up
  auth = await startAuth({}, database);

  const indexes = await db().collection('token_revocations').listIndexes().toArray();
  expect(indexes.map((index) => index.name)).not.toContain('revocations_ttl');
  expect((await revocationsOf(lost.user.id)).map((entry) => entry.tokenVersion)).toEqual([lostVersion]);
  expect((await revocationsOf(oldId)).map((entry) => [entry.tokenVersion, 'supersededAt' in entry])).toEqual([
    [1, true],
    [2, false],
  ]);
});
