import { AcceptedTokens, expiryOf, type AcceptedToken } from '../src/auth/accepted-tokens';
import { alice, sign } from './helpers';

const entry = (id: string, expiresAtMs: number): AcceptedToken => ({
  identity: { id, username: id, email: `${id}@example.com` },
  tokenVersion: 0,
  expiresAtMs,
  identityHeader: `header-of-${id}`,
});

test('a remembered token is forgotten from its expiry on (then the full check refuses it)', () => {
  const tokens = new AcceptedTokens();
  tokens.set('Bearer a', entry('a', 10_000));
  expect(tokens.get('Bearer a', 9_999)?.identity.id).toBe('a');
  expect(tokens.get('Bearer a', 10_000)).toBeUndefined();
  expect(tokens.size).toBe(0);
});

test('past its bound the oldest token is forgotten, and a token without an expiry is not kept', () => {
  const tokens = new AcceptedTokens(2);
  tokens.set('Bearer a', entry('a', 10_000));
  tokens.set('Bearer b', entry('b', 10_000));
  tokens.set('Bearer c', entry('c', 10_000));
  expect(tokens.get('Bearer a', 0)).toBeUndefined();
  expect(tokens.get('Bearer b', 0)?.identity.id).toBe('b');
  expect(tokens.get('Bearer c', 0)?.identity.id).toBe('c');
  tokens.set('Bearer d', entry('d', NaN));
  expect(tokens.get('Bearer d', 0)).toBeUndefined();
  expect(tokens.size).toBe(2);
});

test('the expiry is read from the token, in seconds; a malformed token has none', () => {
  const token = sign(alice, { expiresIn: 60 });
  const now = Math.floor(Date.now() / 1000);
  expect(expiryOf(token)).toBeGreaterThanOrEqual(now + 59);
  expect(expiryOf(token)).toBeLessThanOrEqual(now + 61);
  expect(expiryOf('not-a-token')).toBeNaN();
  expect(expiryOf('a.!!!.c')).toBeNaN();
});
