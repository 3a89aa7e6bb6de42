import type { Account } from '../accounts/account';
import type { RevocationLog } from './revocations';
import { revokedHeader } from './revoked-header';

/**
 * Records that the account's tokens below its (already bumped) version are revoked, and returns the response
 * header that tells the proxying gateway at once.
 *
 * The account write comes first on purpose: if this insert then fails, the request fails (503) and old tokens
 * live until they expire. The other order would be worse: a recorded revocation whose account write failed
 * would make every new token of that account count as revoked, locking the user out.
 */
export async function revokeOlderTokens(
  log: RevocationLog,
  account: Account,
): Promise<Record<string, string>> {
  const userId = account._id.toHexString();
  await log.record(userId, account.tokenVersion);
  return revokedHeader(userId, account.tokenVersion);
}
