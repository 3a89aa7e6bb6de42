import { createSecretKey, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { isSignedClaims, TOKEN_ISSUER, type TokenPayload } from './payload';

export type TokenVerification = { payload: TokenPayload } | { error: 'expired' | 'invalid' };

/**
 * Checks a DevCircle token: HS256 only (so neither `none` nor a public-key algorithm is accepted), issuer
 * `devcircle`, carrying an expiry (`exp`: a token that never expires is refused, whoever signed it) that has not
 * passed, and a well-formed payload. Revocation is the caller's check (see
 * `RevocationList`). Never throws.
 */
export function verifyToken(token: string, secret: string): TokenVerification {
  let claims: unknown;
  try {
    claims = jwt.verify(token, secretKey(secret), { algorithms: ['HS256'], issuer: TOKEN_ISSUER });
  } catch (err) {
    return { error: err instanceof jwt.TokenExpiredError ? 'expired' : 'invalid' };
  }
  if (!isSignedClaims(claims) || typeof (claims as { exp?: unknown }).exp !== 'number')
    return { error: 'invalid' };
  const { userId, email, username, tv } = claims;
  return { payload: { userId, email, username, tv: tv ?? 0 } };
}

const secretKeys = new Map<string, KeyObject>();

/**
 * The secret as a KeyObject, made once per secret: given a string, jsonwebtoken first tries to parse it as a PEM
 * public key on every call and only then, after that throws, makes a secret key of it (about 1 ms of CPU per
 * verification, a third of the gateway's CPU per request before this).
 */
function secretKey(secret: string): KeyObject | string {
  if (!secret) return secret; // jsonwebtoken refuses an empty secret: it stays refused
  let key = secretKeys.get(secret);
  if (!key) {
    key = createSecretKey(Buffer.from(secret));
    secretKeys.set(secret, key);
  }
  return key;
}
