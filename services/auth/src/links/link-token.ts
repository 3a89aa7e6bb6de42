import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes: unguessable, and 43 URL-safe characters in a link. */
const TOKEN_BYTES = 32;

/** The secret of a mailed link (a password reset, a registration to confirm). */
export interface LinkToken {
  /** Goes into the link, never into the database. */
  token: string;
  /** What the database keeps. */
  tokenHash: string;
}

/**
 * A plain sha256 is enough here (unlike passwords): the token is 256 random bits, so there is nothing to
 * brute-force, and a hash lets the token be found by an index lookup.
 */
export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export function createLinkToken(): LinkToken {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  return { token, tokenHash: hashLinkToken(token) };
}

/** A link to one of the web app's screens (`path`, e.g. `/reset-password`) carrying `token`. */
export function tokenLink(publicUrl: string, path: string, token: string): string {
  return `${publicUrl}${path}?token=${encodeURIComponent(token)}`;
}
