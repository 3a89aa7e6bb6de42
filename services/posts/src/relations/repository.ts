import { isDuplicateKey } from '@devcircle/service-kit';
import type { Collection, Db, ObjectId } from 'mongodb';
import type { HiddenAuthor, HiddenReason, HiddenSet } from './hidden-author';
import { activeBlocksOf, isBlock } from './blocks';
import { HIDDEN_AUTHORS } from './indexes';

/** Every access to `hidden_authors`. */
export class HiddenAuthorRepository {
  private readonly hidden: Collection<HiddenAuthor>;

  constructor(db: Db) {
    this.hidden = db.collection<HiddenAuthor>(HIDDEN_AUTHORS);
  }

  /** Applies one side of an event unless a later event of the same reader, author and reason is applied already. */
  async apply(
    readerId: ObjectId,
    authorId: ObjectId,
    reason: HiddenReason,
    active: boolean,
    eventId: ObjectId,
  ): Promise<void> {
    try {
      await this.hidden.updateOne(
        { readerId, authorId, reason, eventId: { $lte: eventId } },
        { $set: { active, eventId, updatedAt: new Date() } },
        { upsert: true },
      );
    } catch (err) {
      // A newer event is applied: the upsert's insert collides with it on the unique index.
      if (!isDuplicateKey(err)) throw err;
    }
  }

  /** The reader's hidden set: one read on the unique index's `readerId` prefix. */
  async hiddenFrom(readerId: ObjectId): Promise<HiddenSet> {
    const found = await this.hidden
      .find({ readerId, active: true }, { projection: { _id: 0, authorId: 1, reason: 1 } })
      .toArray();
    return hiddenSetOf(found);
  }

  /**
   * The reader's hidden set and the ids of all their documents, lifted ones too (the feed cache: an update names
   * only the document, docs/caching.md "Per reader"). One read on the same prefix; a reader has few.
   */
  async relationsOf(readerId: ObjectId): Promise<{ hidden: HiddenSet; ids: string[] }> {
    const found = await this.hidden
      .find({ readerId }, { projection: { _id: 1, authorId: 1, reason: 1, active: 1 } })
      .toArray();
    return {
      hidden: hiddenSetOf(found.filter((doc) => doc.active)),
      ids: found.map((doc) => doc._id.toHexString()),
    };
  }

  /** Whether a block either way stands between the reader and the author (their posts are "not found"). */
  async blockedBetween(readerId: ObjectId, authorId: ObjectId): Promise<boolean> {
    if (readerId.equals(authorId)) return false;
    const found = await this.hidden.findOne(
      { ...activeBlocksOf(readerId), authorId },
      { projection: { _id: 1 } },
    );
    return found !== null;
  }

  /** Whether the author is hidden from the reader for any reason (a profile's posts). */
  async isHidden(readerId: ObjectId, authorId: ObjectId): Promise<boolean> {
    const found = await this.hidden.findOne({ readerId, authorId, active: true }, { projection: { _id: 1 } });
    return found !== null;
  }

  /** Every document the member is in, either side (account deletion). */
  async removeUser(userId: ObjectId): Promise<void> {
    await this.hidden.deleteMany({ readerId: userId });
    await this.hidden.deleteMany({ authorId: userId });
  }
}

function hiddenSetOf(found: Pick<HiddenAuthor, 'authorId' | 'reason'>[]): HiddenSet {
  const all = new Set<string>();
  const blocked = new Set<string>();
  const authors: ObjectId[] = [];
  for (const { authorId, reason } of found) {
    const hex = authorId.toHexString();
    if (!all.has(hex)) authors.push(authorId);
    all.add(hex);
    if (isBlock(reason)) blocked.add(hex);
  }
  return { authors, all, blocked };
}
