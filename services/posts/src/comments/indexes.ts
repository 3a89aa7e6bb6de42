import type { Db, IndexDescription } from 'mongodb';

export const COMMENTS = 'comments';

const COMMENT_INDEXES: IndexDescription[] = [
  // A post's comments, newest first, and cursor paging through them.
  { key: { postId: 1, _id: -1 }, name: 'post_recent' },
  // A user's comments, for account deletion.
  { key: { userId: 1 }, name: 'user' },
];

export async function ensureCommentIndexes(db: Db): Promise<void> {
  await db.collection(COMMENTS).createIndexes(COMMENT_INDEXES);
}
