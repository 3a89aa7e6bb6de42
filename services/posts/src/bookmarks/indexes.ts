import type { Db, IndexDescription } from 'mongodb';

export const BOOKMARKS = 'bookmarks';

const BOOKMARK_INDEXES: IndexDescription[] = [
  // One bookmark per member and post (two saves at once: the second is a no-op); answers "which of these posts
  // did I save" for the cards, and removes a deleted post's bookmarks.
  { key: { postId: 1, userId: 1 }, name: 'post_user_unique', unique: true },
  // A member's list, the most recently saved first, paged by `_id`; and an account deletion's.
  { key: { userId: 1, _id: -1 }, name: 'user_recent' },
];

export async function ensureBookmarkIndexes(db: Db): Promise<void> {
  await db.collection(BOOKMARKS).createIndexes(BOOKMARK_INDEXES);
}
