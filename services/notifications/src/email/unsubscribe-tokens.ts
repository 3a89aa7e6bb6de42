import { createHash, randomBytes } from 'node:crypto';
import type { EmailKind } from '@devcircle/contracts';
import type { Collection, Db, ObjectId } from 'mongodb';

/** One mailed unsubscribe link: stored by its hash only, so a copy of the database cannot use a link. */
interface UnsubscribeTokenDoc {
  /** sha256 of the token, hex. */
  _id: string;
  userId: ObjectId;
  kind: EmailKind;
  createdAt: Date;
  usedAt: Date | null;
}

export const UNSUBSCRIBE_TOKENS = 'email_unsubscribe_tokens';
/** A link older than this is forgotten (then answers "not valid"); far longer than anyone keeps a digest unread. */
export const UNSUBSCRIBE_TOKEN_DAYS = 365;

const hashOf = (token: string): string => createHash('sha256').update(token).digest('hex');

export async function ensureUnsubscribeTokenIndexes(db: Db): Promise<void> {
  await db.collection(UNSUBSCRIBE_TOKENS).createIndexes([
    { key: { createdAt: 1 }, name: 'expire_old', expireAfterSeconds: UNSUBSCRIBE_TOKEN_DAYS * 24 * 60 * 60 },
    { key: { userId: 1 }, name: 'member' },
  ]);
}

/** What opening a link came to. */
export type TokenUse =
  { outcome: 'used-now'; userId: ObjectId; kind: EmailKind } | { outcome: 'used-before' | 'unknown' };

/** Each digest's link: bound to one member and one kind, good for one use. */
export class UnsubscribeTokenRepository {
  private readonly tokens: Collection<UnsubscribeTokenDoc>;

  constructor(db: Db) {
    this.tokens = db.collection<UnsubscribeTokenDoc>(UNSUBSCRIBE_TOKENS);
  }

  /** A new token (32 random bytes, URL-safe) for `userId`'s e-mails of `kind`. */
  async issue(userId: ObjectId, kind: EmailKind): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await this.tokens.insertOne({ _id: hashOf(token), userId, kind, createdAt: new Date(), usedAt: null });
    return token;
  }

  /** Uses the token once: the one call that marks it used gets its member and kind; any later one does not. */
  async use(token: string): Promise<TokenUse> {
    const _id = hashOf(token);
    const claimed = await this.tokens.findOneAndUpdate(
      { _id, usedAt: null },
      { $set: { usedAt: new Date() } },
      { returnDocument: 'after' },
    );
    if (claimed) return { outcome: 'used-now', userId: claimed.userId, kind: claimed.kind };
    return (await this.tokens.findOne({ _id })) ? { outcome: 'used-before' } : { outcome: 'unknown' };
  }

  async forget(userId: ObjectId): Promise<void> {
    await this.tokens.deleteMany({ userId });
  }
}
