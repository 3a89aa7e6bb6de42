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
    claims = jwt.verify(token, secret, { algorithms: ['HS256'], issuer: TOKEN_ISSUER });
  } catch (err) {
    return { error: err instanceof jwt.TokenExpiredError ? 'expired' : 'invalid' };
  }
  if (!isSignedClaims(claims) || typeof (claims as { exp?: unknown }).exp !== 'number')
    return { error: 'invalid' };
  const { userId, email, username, tv } = claims;
  return { payload: { userId, email, username, tv: tv ?? 0 } };
}
