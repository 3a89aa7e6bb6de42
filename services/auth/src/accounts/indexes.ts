import type { Db, IndexDescription } from 'mongodb';

export const ACCOUNTS = 'accounts';

/**
 * Case-insensitive comparison for usernames and e-mail addresses: `Alice` and `alice` are the same account.
 * Lookups pass the same collation, otherwise they could not use these indexes.
 */
export const CASE_INSENSITIVE = { locale: 'en', strength: 2 } as const;

const ACCOUNT_INDEXES: IndexDescription[] = [
  // The unique indexes are what makes usernames and e-mails unique, also when two registrations race.
  { key: { username: 1 }, name: 'username_ci_unique', unique: true, collation: CASE_INSENSITIVE },
  { key: { email: 1 }, name: 'email_ci_unique', unique: true, collation: CASE_INSENSITIVE },
  // Reset links are looked up by the hash of their token; most accounts have none, hence sparse.
  { key: { 'passwordReset.tokenHash': 1 }, name: 'password_reset_token', sparse: true },
];

/** Idempotent: declaring an index that exists with the same options is a no-op. */
export async function ensureAccountIndexes(db: Db): Promise<void> {
  await db.collection(ACCOUNTS).createIndexes(ACCOUNT_INDEXES);
}
