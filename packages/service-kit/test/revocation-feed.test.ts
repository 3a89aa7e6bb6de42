import { TOKEN_REVOCATIONS, type TokenRevocation } from '@devcircle/contracts';
import jwt from 'jsonwebtoken';
import { ObjectId, type Db } from 'mongodb';
import {
  checkToken,
  createLogger,
  followRevocations,
  openDatabase,
  RevocationList,
  TOKEN_ISSUER,
  type RevocationFeed,
  type TokenCheck,
} from '../src';
import { sharedServer, until } from './event-helpers';

/**
 * The revocation feed on a real embedded server: auth's `token_revocations` read whole at start, then followed
 * through a change stream; a token whose version is ahead of the list makes it read that account's latest entry.
 */
const SECRET = 'test-jwt-secret';
const USER = '64b000000000000000000001';
const quiet = createLogger('revocation-feed-test', 'silent');
const sign = (tv: number, userId = USER): string =>
  jwt.sign({ userId, email: 'ada@example.com', username: 'ada', tv }, SECRET, {
    algorithm: 'HS256',
    issuer: TOKEN_ISSUER,
    expiresIn: '1h',
  });
const accepted = (check: TokenCheck): boolean => 'identity' in check;
const refusal = (check: TokenCheck) => ('refused' in check ? check.refused.code : undefined);

const { freshDb } = sharedServer('revocations');
const feeds: RevocationFeed[] = [];

afterEach(async () => {
  await Promise.all(feeds.splice(0).map((feed) => feed.stop()));
});

/** As auth records one (services/auth/src/tokens/revocations.ts). */
async function record(db: Db, userId: string, tokenVersion: number): Promise<void> {
  await db
    .collection<TokenRevocation<ObjectId>>(TOKEN_REVOCATIONS)
    .insertOne({ _id: new ObjectId(), userId, tokenVersion, createdAt: new Date() });
}

function follow(db: Db, list = new RevocationList()): { list: RevocationList; feed: RevocationFeed } {
  const feed = followRevocations({ db, list, logger: quiet, name: 'test.revocations' });
  feeds.push(feed);
  return { list, feed };
}

test('the list answers revoked, current or ahead; a user without entry is at version 0', () => {
  const list = new RevocationList();
  list.apply('u1', 7_000);
  expect(['u1', 'u1', 'u1'].map((u, i) => list.status(u, [6_999, 7_000, 7_001][i]))).toEqual([
    'revoked',
    'current',
    'ahead',
  ]);
  expect([list.status('u2', 0), list.status('u2', 5)]).toEqual(['current', 'ahead']);
});

test('every revocation already kept is read at start, and a new one arrives through the stream', async () => {
  const db = freshDb();
  await db.collection(TOKEN_REVOCATIONS).insertMany(
    Array.from({ length: 1500 }, (_, i) => ({
      userId: `u-crowd-${i}`,
      tokenVersion: 1,
      createdAt: new Date(),
    })),
  );
  const { list, feed } = follow(db);
  await feed.ready;
  expect(feed.loaded).toBe(true);
  expect(list.size).toBe(1500);
  expect(list.isRevoked('u-crowd-1499', 0)).toBe(true);

  const heard: string[] = [];
  list.onRevoked((userId, tokenVersion) => heard.push(`${userId}:${tokenVersion}`));
  await record(db, USER, 42);
  await until('the revocation streamed', () => heard.length > 0);
  expect(heard).toEqual([`${USER}:42`]);
  expect(refusal(await checkToken(sign(41), SECRET, list))).toBe('TOKEN_REVOKED');
  expect(accepted(await checkToken(sign(42), SECRET, list))).toBe(true);
});

test('until the first complete read (database unreachable), a token ahead is not held against it', async () => {
  // Port 9 (discard): nothing listens there, and no server a test starts on port 0 is handed it.
  const unreachable = openDatabase('mongodb://127.0.0.1:9/nowhere');
  const list = new RevocationList();
  const feed = followRevocations({ db: unreachable.db, list, logger: quiet, name: 'test.unreachable' });
  try {
    expect(feed.loaded).toBe(false);
    expect(accepted(await checkToken(sign(123_456), SECRET, list))).toBe(true);
  } finally {
    await feed.stop();
    await unreachable.close();
  }
});

test('a token issued after a revocation this process has not streamed is confirmed by one read; one above is refused', async () => {
  const db = freshDb();
  await record(db, USER, 500);
  const { list, feed } = follow(db);
  await feed.ready;
  expect(list.status(USER, 500)).toBe('current');
  // Stopped, the feed hears nothing more: only the catch-up's read can tell the list of the new version.
  await feed.stop();
  await record(db, USER, 90_000);
  const check = await checkToken(sign(90_000), SECRET, list);
  expect(check).toMatchObject({ identity: { id: USER }, tokenVersion: 90_000 });
  expect(refusal(await checkToken(sign(500), SECRET, list))).toBe('TOKEN_REVOKED');
  // The account's version plus anything is a forgery (or a token of a revocation never recorded).
  expect(refusal(await checkToken(sign(90_001), SECRET, list))).toBe('TOKEN_REVOKED');
});
