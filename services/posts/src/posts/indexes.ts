import type { Db, IndexDescription } from 'mongodb';

export const POSTS = 'posts';

const POST_INDEXES: IndexDescription[] = [
  // The feed needs only `_id` (descending by recency); a user's posts need this one.
  { key: { authorId: 1, _id: -1 }, name: 'author_recent' },
  // A tag's posts, newest first, cursor-paged like the feed (docs/rich-text.md).
  { key: { tags: 1, _id: -1 }, name: 'tag_recent' },
];

/** Idempotent: declaring an index that exists with the same options is a no-op. */
export async function ensurePostIndexes(db: Db): Promise<void> {
  await db.collection(POSTS).createIndexes(POST_INDEXES);
}
