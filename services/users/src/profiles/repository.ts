import { isDuplicateKey } from '@devcircle/service-kit';
import {
  type ClientSession,
  type CollationOptions,
  type Collection,
  type Db,
  type Filter,
  type ObjectId,
} from 'mongodb';
import { CASE_INSENSITIVE, PROFILES } from './indexes';
import { searchKeysOf, skillKeysOf } from './keys';
import type { Profile } from './profile';

/** A query as the service runs it; exported so the index tests explain exactly these. */
export interface ProfileQuery {
  filter: Filter<Profile>;
  sort?: { createdAt: -1 };
  collation?: CollationOptions;
}

/** One profile by username, case-insensitively, on the unique `username` index (same collation). */
export function profileByUsernameQuery(username: string): ProfileQuery {
  return { filter: { username }, collation: CASE_INSENSITIVE };
}

/** What a new profile needs: from auth's `account.registered`, or from the caller's identity. */
export interface NewProfile {
  _id: ObjectId;
  username: string;
  displayName?: string;
  createdAt?: Date;
}

/** The editable fields, already validated and normalised. */
export interface ProfileChanges {
  displayName?: string;
  bio?: string;
  skills?: string[];
  githubLink?: string;
}

export type CountChange = { followersCount?: number; followingCount?: number };

/**
 * Every access to `profiles`. Driver errors are never caught here except a duplicate key that has a meaning:
 * "database unreachable" must reach the kit's error handler to become a 503.
 */
export class ProfileRepository {
  private readonly profiles: Collection<Profile>;

  constructor(db: Db) {
    this.profiles = db.collection<Profile>(PROFILES);
  }

  findById(id: ObjectId): Promise<Profile | null> {
    return this.profiles.findOne({ _id: id });
  }

  findByUsername(username: string): Promise<Profile | null> {
    const { filter, collation } = profileByUsernameQuery(username);
    return this.profiles.findOne(filter, { collation });
  }

  /**
   * The profile of `input._id`, created if there is none (an upsert that only inserts, so creating twice — the
   * event handled again, or the event and a lazy creation racing — changes nothing). A username held by another
   * profile is a duplicate key error for the caller to handle.
   */
  async createIfMissing(input: NewProfile): Promise<Profile> {
    const now = new Date();
    const displayName = input.displayName?.trim() || input.username;
    const fields: Omit<Profile, '_id'> = {
      username: input.username,
      displayName,
      bio: '',
      skills: [],
      githubLink: '',
      isPrivate: false,
      createdAt: input.createdAt ?? now,
      updatedAt: now,
      followersCount: 0,
      followingCount: 0,
      searchKeys: searchKeysOf(input.username, displayName),
      skillKeys: [],
    };
    const upsert = () =>
      this.profiles.findOneAndUpdate(
        { _id: input._id },
        { $setOnInsert: fields },
        { upsert: true, returnDocument: 'after' },
      );
    try {
      const created = await upsert();
      if (created) return created;
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
      // Two creations of the same profile racing: the loser's upsert can report the winner's insert.
      const existing = await this.findById(input._id);
      if (existing) return existing;
      throw err;
    }
    return (await this.findById(input._id)) as Profile;
  }

  /** Applies validated changes (search keys follow the names); null when the profile no longer exists. */
  update(current: Profile, changes: ProfileChanges, session?: ClientSession): Promise<Profile | null> {
    const displayName =
      changes.displayName === undefined ? current.displayName : changes.displayName || current.username;
    const set: Partial<Profile> = { ...changes, displayName, updatedAt: new Date() };
    set.searchKeys = searchKeysOf(current.username, displayName);
    if (changes.skills) set.skillKeys = skillKeysOf(changes.skills);
    return this.profiles.findOneAndUpdate(
      { _id: current._id },
      { $set: set },
      { returnDocument: 'after', session },
    );
  }

  /** The profile after the switch; null when it no longer exists. */
  setPrivacy(id: ObjectId, isPrivate: boolean, session?: ClientSession): Promise<Profile | null> {
    return this.profiles.findOneAndUpdate(
      { _id: id },
      { $set: { isPrivate, updatedAt: new Date() } },
      { returnDocument: 'after', session },
    );
  }

  /** False when the profile no longer exists (deleted while a follow was being written). */
  async addToCounts(id: ObjectId, counts: CountChange, session?: ClientSession): Promise<boolean> {
    const result = await this.profiles.updateOne({ _id: id }, { $inc: counts }, { session });
    return result.matchedCount === 1;
  }

  /** Runs a search query, at most `limit` profiles in its order. */
  list(query: ProfileQuery, limit: number): Promise<Profile[]> {
    const cursor = this.profiles.find(query.filter, query.collation ? { collation: query.collation } : {});
    return (query.sort ? cursor.sort(query.sort) : cursor).limit(limit).toArray();
  }

  /** One `$in` for all the profiles a list needs, keyed by hex id. */
  async findMany(ids: ObjectId[]): Promise<Map<string, Profile>> {
    if (ids.length === 0) return new Map();
    const found = await this.profiles.find({ _id: { $in: ids } }).toArray();
    return new Map(found.map((profile) => [profile._id.toHexString(), profile]));
  }

  async delete(id: ObjectId, session?: ClientSession): Promise<boolean> {
    const result = await this.profiles.deleteOne({ _id: id }, { session });
    return result.deletedCount === 1;
  }
}
