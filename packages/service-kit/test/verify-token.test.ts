import jwt from 'jsonwebtoken';
import { TOKEN_ISSUER, verifyToken } from '../src';

const SECRET = 'test-jwt-secret';
const claims = { userId: 'u1', email: 'ada@example.com', username: 'ada', tv: 2 };

const sign = (payload: object, options: jwt.SignOptions = {}, secret = SECRET): string =>
  jwt.sign(payload, secret, { algorithm: 'HS256', issuer: TOKEN_ISSUER, expiresIn: '1h', ...options });

test('a valid token gives exactly the payload', () => {
  expect(verifyToken(sign(claims), SECRET)).toEqual({ payload: claims });
});

test('a token without a token version counts as version 0', () => {
  const { userId, email, username } = claims;
  expect(verifyToken(sign({ userId, email, username }), SECRET)).toEqual({
    payload: { userId, email, username, tv: 0 },
  });
});

test('an expired token is "expired"', () => {
  const issuedAt = Math.floor(Date.now() / 1000) - 7200;
  const token = sign({ ...claims, iat: issuedAt }, { expiresIn: 60 });
  expect(verifyToken(token, SECRET)).toEqual({ error: 'expired' });
});

test('a token without an expiry is "invalid", however well signed', () => {
  const forever = jwt.sign(claims, SECRET, { algorithm: 'HS256', issuer: TOKEN_ISSUER });
  expect(jwt.decode(forever)).not.toHaveProperty('exp');
  expect(verifyToken(forever, SECRET)).toEqual({ error: 'invalid' });
});

test('a token signed with another secret is "invalid"', () => {
  expect(verifyToken(sign(claims, {}, 'another-secret'), SECRET)).toEqual({ error: 'invalid' });
});

test('only HS256 is accepted: an unsigned ("none") token and an HS512 one are "invalid"', () => {
  const unsigned = jwt.sign(claims, '', { algorithm: 'none', issuer: TOKEN_ISSUER });
  expect(verifyToken(unsigned, SECRET)).toEqual({ error: 'invalid' });
  expect(verifyToken(sign(claims, { algorithm: 'HS512' }), SECRET)).toEqual({ error: 'invalid' });
});

test('a token from another issuer, or with none, is "invalid"', () => {
  expect(verifyToken(sign(claims, { issuer: 'someone-else' }), SECRET)).toEqual({ error: 'invalid' });
  const noIssuer = jwt.sign(claims, SECRET, { algorithm: 'HS256', expiresIn: '1h' });
  expect(verifyToken(noIssuer, SECRET)).toEqual({ error: 'invalid' });
});

test('a payload missing a field or with a field of the wrong kind is "invalid"', () => {
  const { userId, email, username } = claims;
  const malformed: object[] = [
    { email, username },
    { userId: '', email, username },
    { userId, username },
    { userId, email },
    { userId: 42, email, username },
    { userId, email, username: null },
    { userId, email, username, tv: '2' },
    { userId, email, username, tv: 1.5 },
  ];
  for (const payload of malformed) {
    expect({ payload, result: verifyToken(sign(payload), SECRET) }).toEqual({
      payload,
      result: { error: 'invalid' },
    });
  }
});

test('something that is not a token at all is "invalid"', () => {
  expect(verifyToken('not-a-token', SECRET)).toEqual({ error: 'invalid' });
  expect(verifyToken('', SECRET)).toEqual({ error: 'invalid' });
});
