import { distinctIds, isDuplicateKey } from '@devcircle/service-kit';
import { type Collection, type Db, type ObjectId } from 'mongodb';

export const PEOPLE = 'people';
/** Usernames compare without case, as auth's unique index does: `@Alice` names alice. */
export const USERNAME_COLLATION = { locale: 'en', strength: 2 } as const;

/** The names notifications show, kept from auth's and users' events; a deleted account keeps only the mark. */
export interface Person {
  _id: ObjectId;
  username?: string;
  displayName?: string;
  /** The event the names came from: an older one handled later never brings old names back. */
  nameEventId?: ObjectId;
  deleted?: boolean;
}

/** Every access to `people`. Only `_id` is indexed: lookups are by user id. */
export class PeopleRepository {
  private readonly people: Collection<Person>;

  constructor(db: Db) {
    this.people = db.collection<Person>(PEOPLE);
  }

  /** The names of an event, unless a later event's are stored already or the account is gone. */
  async setNames(id: ObjectId, username: string, displayName: string, eventId: ObjectId): Promise<void> {
    try {
      await this.people.updateOne(
        {
          _id: id,
          deleted: { $ne: true },
          $or: [{ nameEventId: { $exists: false } }, { nameEventId: { $lte: eventId } }],
        },
        { $set: { username, displayName: displayName || username, nameEventId: eventId } },
        { upsert: true },
      );
    } catch (err) {
      // The record exists with newer names or as deleted: the upsert's insert collides with it.
      if (!isDuplicateKey(err)) throw err;
    }
  }

  async markDeleted(id: ObjectId): Promise<void> {
    await this.people.updateOne(
      { _id: id },
      { $set: { deleted: true }, $unset: { username: '', displayName: '', nameEventId: '' } },
      { upsert: true },
    );
  }

  /**
   * The members these usernames name, compared without case (auth's rule; the `username_ci` index, declared by
   * consumers/mentions.ts); deleted accounts have no username, so are never found.
   */
  findByUsernames(usernames: string[]): Promise<Person[]> {
    if (usernames.length === 0) return Promise.resolve([]);
    return this.people
      .find({ username: { $in: usernames } }, { collation: USERNAME_COLLATION })
      .limit(usernames.length)
      .toArray();
  }

  /** One `$in` for every sender of a page, keyed by hex id. */
  async findMany(ids: ObjectId[]): Promise<Map<string, Person>> {
    const unique = distinctIds(ids);
    if (unique.length === 0) return new Map();
    const found = await this.people.find({ _id: { $in: unique } }).toArray();
    return new Map(found.map((person) => [person._id.toHexString(), person]));
  }
}
