import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes: unguessable, and 43 URL-safe characters in a link. */
const TOKEN_BYTES = 32;

export interface ResetToken {
  /** Goes into the link, never into the database. */
  token: string;
  /** What the database keeps. */
  tokenHash: string;
}

/**
 * A plain sha256 is enough here (unlike passwords): the token is 256 random bits, so there is nothing to
 * brute-force, and a hash lets the token be found by an index lookup.
 */
export function hashResetToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export function createResetToken(): ResetToken {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  return { token, tokenHash: hashResetToken(token) };
}

export function resetLink(publicUrl: string, token: string): string {
  return `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
}
