import { MongoServerError, type Collection, type Db, type ObjectId } from 'mongodb';
import type { Author } from './author';

export const AUTHORS = 'authors';

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
      if (!(err instanceof MongoServerError) || err.code !== 11000) throw err;
      await upsert();
    }
  }

  /** The users service's word after a profile edit: it wins over whatever is stored. */
  async set(id: ObjectId, username: string, displayName: string): Promise<Author> {
    const author: Author = { _id: id, username, displayName: displayName || username, updatedAt: new Date() };
    await this.authors.replaceOne({ _id: id }, author, { upsert: true });
    return author;
  }

  /** One `$in` for all the names a response needs, keyed by hex id. */
  async findMany(ids: ObjectId[]): Promise<Map<string, Author>> {
    const unique = [...new Map(ids.map((id) => [id.toHexString(), id])).values()];
    if (unique.length === 0) return new Map();
    const found = await this.authors.find({ _id: { $in: unique } }).toArray();
    return new Map(found.map((author) => [author._id.toHexString(), author]));
  }

  async remove(id: ObjectId): Promise<void> {
    await this.authors.deleteOne({ _id: id });
  }
}
