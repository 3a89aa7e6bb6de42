import { distinctIds, isDuplicateKey } from '@devcircle/service-kit';
import { type Collection, type Db, type ObjectId, type ClientSession } from 'mongodb';
import type { Author } from './author';

export const AUTHORS = 'authors';
/** Usernames compare without case (auth's unique index): `@Alice` is alice. */
export const USERNAME_COLLATION = { locale: 'en', strength: 2 } as const;

/** What `profile.updated` says about a user. */
export interface ProfileUpdate {
  username: string;
  displayName: string;
  isPrivate?: boolean;
}

/** Every access to `authors`. Only `_id` is indexed: lookups are by user id. */
export class AuthorRepository {
  private readonly authors: Collection<Author>;

  constructor(db: Db) {
    this.authors = db.collection<Author>(AUTHORS);
  }

  /**
   * Makes sure the writing user has a record, from the identity header. Only inserts: the header carries the
   * username the token was issued with, which may predate a rename the users service has already pushed.
   */
  async ensure(id: ObjectId, username: string): Promise<void> {
    const upsert = () =>
      this.authors.updateOne(
        { _id: id },
        { $setOnInsert: { username, displayName: username, updatedAt: new Date() } },
        { upsert: true },
      );
    try {
      await upsert();
    } catch (err) {
      // Two first writes of the same user racing on a server that reports the loser's upsert as a duplicate.
      if (!isDuplicateKey(err)) throw err;
      await upsert();
    }
  }

  /** The users service's word after a profile edit: it wins over the stored names (the stats stay). */
  async set(id: ObjectId, username: string, displayName: string): Promise<Author> {
    const names = { username, displayName: displayName || username, updatedAt: new Date() };
    const author = await this.authors.findOneAndUpdate(
      { _id: id },
      { $set: names },
      { upsert: true, returnDocument: 'after' },
    );
    return author ?? { _id: id, ...names };
  }

  /**
   * The names (and privacy, when the event carries it) of a `profile.updated` event, unless a later event's
   * are stored already: redelivery and events handled out of order leave the newest. False when the stored
   * ones are newer.
   */
  async setFromEvent(id: ObjectId, profile: ProfileUpdate, eventId: ObjectId): Promise<boolean> {
    const fields = {
      username: profile.username,
      displayName: profile.displayName || profile.username,
      // An event from before privacy was announced says nothing about it: the stored value stays.
      ...(profile.isPrivate === undefined ? {} : { isPrivate: profile.isPrivate }),
      updatedAt: new Date(),
      profileEventId: eventId,
    };
    try {
      await this.authors.updateOne(
        { _id: id, $or: [{ profileEventId: { $exists: false } }, { profileEventId: { $lte: eventId } }] },
        { $set: fields },
        { upsert: true },
      );
      return true;
    } catch (err) {
      // The record exists with a newer event's names: the upsert's insert collides with it.
      if (!isDuplicateKey(err)) throw err;
      return false;
    }
  }

  /** Adjusts the stats by what just happened; a user without a record (account deleted) has none to adjust. */
  async addToStats(
    id: ObjectId,
    counts: { postsCount?: number; likesReceived?: number },
    session?: ClientSession,
  ): Promise<void> {
    await this.authors.updateOne({ _id: id }, { $inc: counts }, { session });
  }

  findById(id: ObjectId): Promise<Author | null> {
    return this.authors.findOne({ _id: id });
  }

  /** One `$in` for all the names a response needs, keyed by hex id. */
  /**
   * The records of these usernames, compared without case as auth does (the `username_ci` index, declared by
   * tags/mentions.ts); only users this service has seen write, follow-checked or renamed have one.
   */
  findByUsernames(usernames: string[]): Promise<Author[]> {
    if (usernames.length === 0) return Promise.resolve([]);
    return this.authors
      .find({ username: { $in: usernames } }, { collation: USERNAME_COLLATION })
      .limit(usernames.length)
      .toArray();
  }

  async findMany(ids: ObjectId[]): Promise<Map<string, Author>> {
    const unique = distinctIds(ids);
    if (unique.length === 0) return new Map();
    // One batch however many names (a feed page's comments can name a few thousand): no getMore.
    const found = await this.authors
      .find({ _id: { $in: unique } }, { batchSize: unique.length + 1 })
      .toArray();
    return new Map(found.map((author) => [author._id.toHexString(), author]));
  }

  /** Which of `ids` are private, by the projection: one `$in` on `_id`. */
  async privateAmong(ids: ObjectId[]): Promise<ObjectId[]> {
    if (ids.length === 0) return [];
    const found = await this.authors
      .find({ _id: { $in: ids }, isPrivate: true }, { projection: { _id: 1 } })
      .toArray();
    return found.map((author) => author._id);
  }

  async remove(id: ObjectId): Promise<void> {
    await this.authors.deleteOne({ _id: id });
  }
}
