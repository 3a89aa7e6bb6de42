import type { Db, IndexDescription } from 'mongodb';

export const LIKES = 'likes';

const LIKE_INDEXES: IndexDescription[] = [
  // Decides which of two concurrent likes by the same user wins; also answers "did I like these posts".
  { key: { postId: 1, userId: 1 }, name: 'post_user_unique', unique: true },
  // A user's likes, for account deletion.
  { key: { userId: 1 }, name: 'user' },
];

export async function ensureLikeIndexes(db: Db): Promise<void> {
  await db.collection(LIKES).createIndexes(LIKE_INDEXES);
}
