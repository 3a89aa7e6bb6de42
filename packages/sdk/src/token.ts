/** The payload the auth service signs into every token (docs/backend-contract.md § Tokens). */
export interface TokenPayload {
  userId?: string;
  email?: string;
  username?: string;
  /** The account's token version at issue time. */
  tv?: number;
  exp?: number;
  iat?: number;
  [claim: string]: unknown;
}

/** Base64url (or base64) to a binary string; null when the text is not base64. */
function base64UrlToBinary(text: string): string | null {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64) || base64.length % 4 === 1) return null;
  const padded = base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '=');
  try {
    return atob(padded);
  } catch {
    return null;
  }
}

/** A binary string of UTF-8 bytes to text (no TextDecoder: it is missing in some test environments). */
function utf8(binary: string): string {
  let escaped = '';
  for (let i = 0; i < binary.length; i++) escaped += '%' + binary.charCodeAt(i).toString(16).padStart(2, '0');
  return decodeURIComponent(escaped);
}

/**
 * Reads a JWT's payload without verifying it (only the server can): the middle base64url segment as JSON.
 * Returns null when the token cannot be read (not three segments, not base64url, not a JSON object).
 */
export function decodeTokenPayload(token: string | null | undefined): TokenPayload | null {
  if (typeof token !== 'string') return null;
  const segments = token.split('.');
  if (segments.length !== 3 || !segments[1]) return null;
  const binary = base64UrlToBinary(segments[1]);
  if (binary === null) return null;
  try {
    const payload: unknown = JSON.parse(utf8(binary));
    if (!payload || typeof payload !== 'object' || Array.isArray(payload)) return null;
    return payload as TokenPayload;
  } catch {
    return null;
  }
}
