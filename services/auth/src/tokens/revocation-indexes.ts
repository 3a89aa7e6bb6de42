import { TOKEN_REVOCATIONS } from '@devcircle/contracts';
import type { Db } from 'mongodb';
import type { Account } from '../accounts/account';
import { ACCOUNTS } from '../accounts/indexes';
import { createRevocationIndexes, type RevocationDoc } from './revocations';

/** The index of earlier installs: it expired every revocation 30 days after it was made, the latest too. */
export const LEGACY_TTL_INDEX = 'revocations_ttl';

/**
 * The revocations' indexes, and, on a database an earlier version set up (it still has the legacy index),
 * a one-time upgrade: the legacy index may already have deleted an account's latest revocation, so every account
 * whose version is above 0 gets an entry at its version unless one exists; then every entry below its user's
 * highest is marked superseded. The legacy index goes last, so an upgrade stopped half-way is redone at the
 * next start (each step can be repeated).
 */
export async function ensureRevocationIndexes(db: Db): Promise<void> {
  await createRevocationIndexes(db);
  const revocations = db.collection<RevocationDoc>(TOKEN_REVOCATIONS);
  const indexes = await revocations.listIndexes().toArray();
  if (!indexes.some((index) => index.name === LEGACY_TTL_INDEX)) return;

  const now = new Date();
  const accounts = db
    .collection<Account>(ACCOUNTS)
    .find({ tokenVersion: { $gt: 0 } }, { projection: { _id: 1, tokenVersion: 1 } });
  for await (const account of accounts) {
    await revocations.updateOne(
      { userId: account._id.toHexString(), tokenVersion: account.tokenVersion },
      { $setOnInsert: { createdAt: now } },
      { upsert: true },
    );
  }
  const highest = revocations.aggregate<{ _id: string; tokenVersion: number }>([
    { $group: { _id: '$userId', tokenVersion: { $max: '$tokenVersion' } } },
  ]);
  for await (const user of highest) {
    await revocations.updateMany(
      { userId: user._id, tokenVersion: { $lt: user.tokenVersion }, supersededAt: { $exists: false } },
      { $set: { supersededAt: now } },
    );
  }
  await revocations.dropIndex(LEGACY_TTL_INDEX);
}
