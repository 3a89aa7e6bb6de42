import jwt from 'jsonwebtoken';
import { checkBearer, checkToken, RevocationList, TOKEN_ISSUER, type TokenCheck } from '../src';

const SECRET = 'test-jwt-secret';
const claims = { userId: 'u1', email: 'ada@example.com', username: 'ada', tv: 2 };

const sign = (payload: object, options: jwt.SignOptions = {}, secret = SECRET): string =>
  jwt.sign(payload, secret, { algorithm: 'HS256', issuer: TOKEN_ISSUER, expiresIn: '1h', ...options });

/** What a refusal comes to on the wire: the gateway's 401 body, the socket's message and `data.code`. */
const refusalOf = async (pending: Promise<TokenCheck | undefined>) => {
  const check = await pending;
  return check && 'refused' in check
    ? { status: check.refused.status, message: check.refused.message, code: check.refused.code }
    : check;
};

const UNAUTHORIZED = { status: 401, message: 'Authentication required', code: 'UNAUTHORIZED' };
const EXPIRED = {
  status: 401,
  message: 'Your session has expired. Please log in again.',
  code: 'TOKEN_EXPIRED',
};
const REVOKED = {
  status: 401,
  message: 'Your session is no longer valid. Please log in again.',
  code: 'TOKEN_REVOKED',
};

test('a valid token gives the identity and the token version', async () => {
  expect(await checkToken(sign(claims), SECRET, new RevocationList())).toEqual({
    identity: { id: 'u1', username: 'ada', email: 'ada@example.com' },
    tokenVersion: 2,
  });
});

test('an expired token is refused with TOKEN_EXPIRED', async () => {
  const token = sign({ ...claims, iat: Math.floor(Date.now() / 1000) - 7200 }, { expiresIn: 60 });
  expect(await refusalOf(checkToken(token, SECRET, new RevocationList()))).toEqual(EXPIRED);
});

test('a token signed with another secret is refused with UNAUTHORIZED', async () => {
  expect(
    await refusalOf(checkToken(sign(claims, {}, 'another-secret'), SECRET, new RevocationList())),
  ).toEqual(UNAUTHORIZED);
});

test('another algorithm, no signature, another issuer or none: UNAUTHORIZED', async () => {
  const tokens = [
    sign(claims, { algorithm: 'HS512' }),
    jwt.sign(claims, '', { algorithm: 'none', issuer: TOKEN_ISSUER }),
    sign(claims, { issuer: 'someone-else' }),
    jwt.sign(claims, SECRET, { algorithm: 'HS256', expiresIn: '1h' }),
    'not.a.token',
    '',
  ];
  for (const token of tokens) {
    expect({ token, refusal: await refusalOf(checkToken(token, SECRET, new RevocationList())) }).toEqual({
      token,
      refusal: UNAUTHORIZED,
    });
  }
});

test('a token below its user’s revoked version is refused with TOKEN_REVOKED; the current version passes', async () => {
  const revocations = new RevocationList();
  revocations.apply('u1', 3);
  expect(await refusalOf(checkToken(sign(claims), SECRET, revocations))).toEqual(REVOKED);
  expect(await checkToken(sign({ ...claims, tv: 3 }), SECRET, revocations)).toMatchObject({
    tokenVersion: 3,
  });
  // A token from before token versions counts as version 0.
  const { userId, email, username } = claims;
  expect(await refusalOf(checkToken(sign({ userId, email, username }), SECRET, revocations))).toEqual(
    REVOKED,
  );
});

test('checkBearer: no header is anonymous, a header that is not one bearer token is UNAUTHORIZED', async () => {
  const revocations = new RevocationList();
  const token = sign(claims);
  expect(await checkBearer(undefined, SECRET, revocations)).toBeUndefined();
  expect(await checkBearer('', SECRET, revocations)).toBeUndefined();
  for (const header of [token, `Basic ${token}`, 'Bearer', 'Bearer ', `Bearer ${token} extra`]) {
    expect({ header, refusal: await refusalOf(checkBearer(header, SECRET, revocations)) }).toEqual({
      header,
      refusal: UNAUTHORIZED,
    });
  }
});

test('checkBearer gives what checkToken gives for the bearer token, whatever the scheme’s case', async () => {
  const revocations = new RevocationList();
  revocations.apply('u1', 3);
  const valid = sign({ ...claims, tv: 3 });
  expect(await checkBearer(`bearer  ${valid} `, SECRET, revocations)).toEqual(
    await checkToken(valid, SECRET, revocations),
  );
  expect(await refusalOf(checkBearer(`Bearer ${sign(claims)}`, SECRET, revocations))).toEqual(REVOKED);
});
