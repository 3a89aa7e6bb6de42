import { TOKEN_ISSUER, type TokenPayload } from '@devcircle/service-kit';
import jwt from 'jsonwebtoken';
import type { Account } from '../accounts/account';

/**
 * The payload the contract fixes (service-kit's, which the gateway and the socket verify): the web app builds
 * its placeholder user from userId, email and username; `tv` is the account's token version at issue time.
 */
export type TokenClaims = TokenPayload;

export interface TokenSettings {
  secret: string;
  expiresIn: number | string;
}

export function claimsOf(account: Account): TokenClaims {
  return {
    userId: account._id.toHexString(),
    email: account.email,
    username: account.username,
    tv: account.tokenVersion,
  };
}

/** HS256 only, as the gateway verifies with exactly that algorithm list. */
export function signToken(account: Account, settings: TokenSettings): string {
  return jwt.sign(claimsOf(account), settings.secret, {
    algorithm: 'HS256',
    issuer: TOKEN_ISSUER,
    expiresIn: settings.expiresIn as jwt.SignOptions['expiresIn'],
  });
}
