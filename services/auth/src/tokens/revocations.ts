import { ObjectId, type Collection, type Db } from 'mongodb';

export const TOKEN_REVOCATIONS = 'token_revocations';

/** Longer than any token lives, so a gateway that starts later still learns every revocation that matters. */
export const REVOCATION_RETENTION_SECONDS = 30 * 24 * 60 * 60;

/** At most this many per answer; the gateway pages with `after`. */
export const REVOCATION_PAGE_SIZE = 1000;

export interface RevocationDoc {
  _id: ObjectId;
  userId: string;
  /** Tokens of the user whose `tv` is below this are no longer accepted. */
  tokenVersion: number;
  createdAt: Date;
}

export interface Revocation {
  id: string;
  userId: string;
  tokenVersion: number;
}

export interface RevocationPage {
  revocations: Revocation[];
  /** The id to pass as `after` next time: the last one returned, or `after` itself when nothing is new. */
  latest: string | null;
}

export async function ensureRevocationIndexes(db: Db): Promise<void> {
  await db
    .collection(TOKEN_REVOCATIONS)
    .createIndex(
      { createdAt: 1 },
      { name: 'revocations_ttl', expireAfterSeconds: REVOCATION_RETENTION_SECONDS },
    );
}

/** The `token_revocations` collection of the contract's Revocation section. */
export class RevocationLog {
  private readonly revocations: Collection<RevocationDoc>;

  constructor(db: Db) {
    this.revocations = db.collection<RevocationDoc>(TOKEN_REVOCATIONS);
  }

  async record(userId: string, tokenVersion: number): Promise<Revocation> {
    const doc: RevocationDoc = { _id: new ObjectId(), userId, tokenVersion, createdAt: new Date() };
    await this.revocations.insertOne(doc);
    return { id: doc._id.toHexString(), userId, tokenVersion };
  }

  /** Ascending by id (the `_id` index), so paging with `after` never skips or repeats within one writer. */
  async listAfter(after: ObjectId | undefined): Promise<RevocationPage> {
    const docs = await this.revocations
      .find(after ? { _id: { $gt: after } } : {})
      .sort({ _id: 1 })
      .limit(REVOCATION_PAGE_SIZE)
      .toArray();
    const revocations = docs.map((doc) => ({
      id: doc._id.toHexString(),
      userId: doc.userId,
      tokenVersion: doc.tokenVersion,
    }));
    const latest = revocations.length
      ? revocations[revocations.length - 1].id
      : (after?.toHexString() ?? null);
    return { revocations, latest };
  }
}
