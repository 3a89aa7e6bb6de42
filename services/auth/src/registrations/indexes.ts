import type { Db, IndexDescription } from 'mongodb';
import { CASE_INSENSITIVE } from '../accounts/indexes';

export const PENDING_REGISTRATIONS = 'pending_registrations';

const PENDING_REGISTRATION_INDEXES: IndexDescription[] = [
  // A link is looked up by the hash of its token; unique so one token can never name two registrations.
  { key: { tokenHash: 1 }, name: 'pending_registration_token', unique: true },
  // On confirmation every other pending registration of the address goes; same comparison as the accounts'.
  { key: { email: 1 }, name: 'pending_registration_email', collation: CASE_INSENSITIVE },
  // Expired ones are removed by the database (lookups check `expiresAt` too: removal is not immediate).
  { key: { expiresAt: 1 }, name: 'pending_registration_ttl', expireAfterSeconds: 0 },
];

/** Idempotent: declaring an index that exists with the same options is a no-op. */
export async function ensurePendingRegistrationIndexes(db: Db): Promise<void> {
  await db.collection(PENDING_REGISTRATIONS).createIndexes(PENDING_REGISTRATION_INDEXES);
}
