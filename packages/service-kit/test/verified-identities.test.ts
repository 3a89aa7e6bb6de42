import { encodeIdentity, VerifiedIdentities } from '../src';

const SECRET = 'internal-secret-for-identities';
const ada = { id: '65f000000000000000000001', username: 'ada', email: 'ada@example.com' };
const bob = { id: '65f000000000000000000002', username: 'bob', email: 'bob@example.com' };

test('a verified header gives its identity, the same on a repeat, and each read a copy of its own', () => {
  const verified = new VerifiedIdentities(SECRET);
  const header = encodeIdentity(ada, SECRET);
  const first = verified.read(header);
  expect(first).toEqual(ada);
  expect(verified.size).toBe(1);
  (first as { username: string }).username = 'mallory';
  expect(verified.read(header)).toEqual(ada);
  expect(verified.size).toBe(1);
});

test('a header signed with another secret, or changed, is no identity and is not held', () => {
  const verified = new VerifiedIdentities(SECRET);
  expect(verified.read(encodeIdentity(ada, 'another-secret'))).toBeUndefined();
  const [payload, signature] = encodeIdentity(ada, SECRET).split('.');
  const bobPayload = encodeIdentity(bob, SECRET).split('.')[0];
  expect(verified.read(`${bobPayload}.${signature}`)).toBeUndefined();
  expect(verified.read(`${payload}.`)).toBeUndefined();
  expect(verified.read(undefined)).toBeUndefined();
  expect(verified.size).toBe(0);
  // The genuine header is still accepted after the forgeries were refused.
  expect(verified.read(`${payload}.${signature}`)).toEqual(ada);
});

test('past its capacity the oldest header goes, and is verified again when it comes back', () => {
  const verified = new VerifiedIdentities(SECRET, 1);
  const adaHeader = encodeIdentity(ada, SECRET);
  expect(verified.read(adaHeader)).toEqual(ada);
  expect(verified.read(encodeIdentity(bob, SECRET))).toEqual(bob);
  expect(verified.size).toBe(1);
  expect(verified.read(adaHeader)).toEqual(ada);
  expect(verified.size).toBe(1);
});
