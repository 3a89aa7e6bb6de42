import http from 'node:http';
import type { AddressInfo } from 'node:net';
import jwt from 'jsonwebtoken';
import { ObjectId } from 'mongodb';
import { checkToken, RevocationList, startRevocationPoller, TOKEN_ISSUER, type TokenCheck } from '../src';
import { capturingLogger } from './event-helpers';

/**
 * A token whose version is ahead of the list: the checker asks auth at once (through the poller attached to the
 * list) and accepts it only if auth confirms that version. Auth is a small real HTTP server here, answering
 * `GET /internal/revocations?after=` from an array the test fills.
 */
const SECRET = 'test-jwt-secret';
const USER = '64b000000000000000000001';
const sign = (tv: number, userId = USER): string =>
  jwt.sign({ userId, email: 'ada@example.com', username: 'ada', tv }, SECRET, {
    algorithm: 'HS256',
    issuer: TOKEN_ISSUER,
    expiresIn: '1h',
  });
const accepted = (check: TokenCheck): boolean => 'identity' in check;
const refusal = (check: TokenCheck) => ('refused' in check ? check.refused.code : undefined);

const entries: { id: string; userId: string; tokenVersion: number }[] = [];
let available = true;
let requests = 0;
let inFlight = 0;
let maxInFlight = 0;
let server: http.Server;
let url: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    requests++;
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    // Answer on a later turn, so that checks made meanwhile find this request in flight.
    setTimeout(() => {
      inFlight--;
      if (!available) {
        res.writeHead(503).end();
        return;
      }
      const after = new URL(req.url ?? '/', 'http://auth').searchParams.get('after');
      const revocations = entries.filter((entry) => !after || entry.id > after);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ revocations, latest: revocations.at(-1)?.id ?? after }));
    }, 5);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const record = (userId: string, tokenVersion: number): void => {
  entries.push({ id: new ObjectId().toHexString(), userId, tokenVersion });
};

function follow(list: RevocationList) {
  return startRevocationPoller({
    source: { pick: () => ({ url }) },
    list,
    internalSecret: 'test-internal-secret',
    // Far apart: after the first load, only catch-ups ask auth.
    intervalMs: 600_000,
    timeoutMs: 2000,
    logger: capturingLogger().logger,
  });
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

test('until the first load, a token ahead is not held against it; afterwards a forged one is refused', async () => {
  available = false;
  const list = new RevocationList();
  const poller = follow(list);
  try {
    expect(accepted(await checkToken(sign(123_456), SECRET, list))).toBe(true);
  } finally {
    poller.stop();
    available = true;
  }
  // This poller's next attempt is far away; a fresh one loads at once.
  const loadedList = new RevocationList();
  const loaded = follow(loadedList);
  try {
    await loaded.firstLoad;
    expect(accepted(await checkToken(sign(0), SECRET, loadedList))).toBe(true);
    expect(refusal(await checkToken(sign(123_456), SECRET, loadedList))).toBe('TOKEN_REVOKED');
  } finally {
    loaded.stop();
  }
});

test('a token issued after the last poll is accepted once auth confirms its version; one above it is not', async () => {
  const userId = '64b000000000000000000002';
  record(userId, 500);
  const list = new RevocationList();
  const poller = follow(list);
  try {
    await poller.firstLoad;
    expect(list.status(userId, 500)).toBe('current');
    // A password change on another instance: auth records the new version; this process has not polled it.
    record(userId, 90_000);
    const before = requests;
    const check = await checkToken(sign(90_000, userId), SECRET, list);
    expect(check).toMatchObject({ identity: { id: userId }, tokenVersion: 90_000 });
    expect(requests).toBeGreaterThan(before);
    // The old token is revoked now, and the account's version + anything is forged.
    expect(refusal(await checkToken(sign(500, userId), SECRET, list))).toBe('TOKEN_REVOKED');
    expect(refusal(await checkToken(sign(90_001, userId), SECRET, list))).toBe('TOKEN_REVOKED');
  } finally {
    poller.stop();
  }
});

test('concurrent checks of tokens ahead share the catch-ups: one request to auth in flight at a time', async () => {
  const list = new RevocationList();
  const poller = follow(list);
  try {
    await poller.firstLoad;
    const before = requests;
    maxInFlight = 0;
    const checks = await Promise.all(
      Array.from({ length: 20 }, (_, i) => checkToken(sign(1_000_000 + i), SECRET, list)),
    );
    expect(checks.map(refusal)).toEqual(Array.from({ length: 20 }, () => 'TOKEN_REVOKED'));
    expect(maxInFlight).toBe(1);
    // One running when they arrived, and one after it that all the others waited for.
    expect(requests - before).toBeLessThanOrEqual(2);
  } finally {
    poller.stop();
  }
});
