import { TOKEN_REVOCATIONS, type TokenRevocation } from '@devcircle/contracts';
import { ObjectId, type Collection, type Db } from 'mongodb';

/**
 * How long a superseded revocation is kept: longer than any token lives, so a gateway that starts later still
 * learns every revocation that matters. The latest one of each account is kept for good: it is the account's
 * current token version, which the verifiers need to tell a forged version above it from the real one.
 */
export const REVOCATION_RETENTION_SECONDS = 30 * 24 * 60 * 60;

/** The TTL index on `supersededAt` (only superseded entries carry the field, so only they expire). */
export const REVOCATION_TTL_INDEX = 'revocations_superseded_ttl';

/** The contract's entry (@devcircle/contracts): the gateway and the socket server read these documents. */
export type RevocationDoc = TokenRevocation<ObjectId>;

/**
 * The TTL index on `supersededAt`, and `{ userId, tokenVersion }`: a verifier given a token ahead of what it knows
 * reads that account's latest entry, and recording marks the account's lower ones superseded.
 */
export async function createRevocationIndexes(db: Db): Promise<void> {
  await db.collection(TOKEN_REVOCATIONS).createIndexes([
    {
      key: { supersededAt: 1 },
      name: REVOCATION_TTL_INDEX,
      expireAfterSeconds: REVOCATION_RETENTION_SECONDS,
    },
    { key: { userId: 1, tokenVersion: -1 }, name: 'revocations_by_account' },
  ]);
}

/** The `token_revocations` collection of the contract's Revocation section. */
export class RevocationLog {
  private readonly revocations: Collection<RevocationDoc>;

  constructor(db: Db) {
    this.revocations = db.collection<RevocationDoc>(TOKEN_REVOCATIONS);
  }

  /**
   * Records the user's new version, then marks the user's lower ones superseded (from then on they expire).
   * Lower, not "other": of two bumps recorded at once, the higher is never marked, whatever the order. If the
   * marking fails the older entries are merely kept longer.
   */
  async record(userId: string, tokenVersion: number): Promise<void> {
    const now = new Date();
    const doc: RevocationDoc = { _id: new ObjectId(), userId, tokenVersion, createdAt: now };
    await this.revocations.insertOne(doc);
    await this.revocations.updateMany(
      { userId, tokenVersion: { $lt: tokenVersion }, supersededAt: { $exists: false } },
      { $set: { supersededAt: now } },
    );
  }
}
