import type { Db, IndexDescription } from 'mongodb';

/** Not `follows`: every service shares one database, and that is the users service's own collection. */
export const FOLLOWS = 'author_followers';

const FOLLOW_INDEXES: IndexDescription[] = [
  // One document per pair (the consumer's upsert relies on it); also "whom does the viewer follow".
  { key: { followerId: 1, followeeId: 1 }, name: 'pair', unique: true },
  // An account deletion removes the pairs where the user is the followee too.
  { key: { followeeId: 1 }, name: 'followee' },
];

/** Idempotent: declaring an index that exists with the same options is a no-op. */
export async function ensureFollowIndexes(db: Db): Promise<void> {
  await db.collection(FOLLOWS).createIndexes(FOLLOW_INDEXES);
}
