import type { Db, IndexDescription } from 'mongodb';

export const PROFILES = 'profiles';

/** Usernames compare without case, as in auth: `Ada` and `ada` are the same user. Lookups pass it too. */
export const CASE_INSENSITIVE = { locale: 'en', strength: 2 } as const;

const PROFILE_INDEXES: IndexDescription[] = [
  { key: { username: 1 }, name: 'username_ci_unique', unique: true, collation: CASE_INSENSITIVE },
  // Multikey on the keys, then newest first: a search reads at most 50 entries in order, no in-memory sort.
  { key: { searchKeys: 1, createdAt: -1 }, name: 'search_keys' },
  { key: { skillKeys: 1, createdAt: -1 }, name: 'skill_keys' },
  // The newest users when nothing is searched for.
  { key: { createdAt: -1 }, name: 'recent' },
];

/** Idempotent: declaring an index that exists with the same options is a no-op. */
export async function ensureProfileIndexes(db: Db): Promise<void> {
  await db.collection(PROFILES).createIndexes(PROFILE_INDEXES);
}
