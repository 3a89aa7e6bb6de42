import type { Db, IndexDescription } from 'mongodb';

export const FOLLOWS = 'follows';

const FOLLOW_INDEXES: IndexDescription[] = [
  // Decides which of two concurrent follows of the same pair wins; also answers "does A follow B".
  { key: { followerId: 1, followeeId: 1 }, name: 'pair_unique', unique: true },
  // A user's followers and the users they follow, newest first.
  { key: { followeeId: 1, _id: -1 }, name: 'followers_recent' },
  { key: { followerId: 1, _id: -1 }, name: 'following_recent' },
];

export async function ensureFollowIndexes(db: Db): Promise<void> {
  await db.collection(FOLLOWS).createIndexes(FOLLOW_INDEXES);
}
