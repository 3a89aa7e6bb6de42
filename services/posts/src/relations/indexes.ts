import type { Db, IndexDescription } from 'mongodb';

export const HIDDEN_AUTHORS = 'hidden_authors';

const HIDDEN_INDEXES: IndexDescription[] = [
  // One document per reader, author and reason (the consumer's upsert relies on it); also a reader's whole set
  // (its prefix) and "is this author hidden from this reader" (also for many readers at once: a like batch's
  // blocks lookup, an `$in` on readerId and reason around the author, is one point per reader and reason).
  { key: { readerId: 1, authorId: 1, reason: 1 }, name: 'reader_author_reason', unique: true },
  // An account deletion removes the documents where the member is the author too.
  { key: { authorId: 1 }, name: 'author' },
];

export async function ensureHiddenAuthorIndexes(db: Db): Promise<void> {
  await db.collection(HIDDEN_AUTHORS).createIndexes(HIDDEN_INDEXES);
}
