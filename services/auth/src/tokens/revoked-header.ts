/**
 * Set on the response of a request that revoked tokens; the gateway that proxied it applies it at once (and
 * strips it), so the old tokens stop working there immediately rather than at the next poll.
 */
export const REVOKED_HEADER = 'x-devcircle-revoked';

export function revokedHeader(userId: string, tokenVersion: number): Record<string, string> {
  return { [REVOKED_HEADER]: `${userId}:${tokenVersion}` };
}
