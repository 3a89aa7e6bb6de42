import type { Db, IndexDescription } from 'mongodb';

export const RELATIONS = 'relations';

const RELATION_INDEXES: IndexDescription[] = [
  // One block (mute) per pair, whatever the race; also "does A block B".
  { key: { ownerId: 1, kind: 1, targetId: 1 }, name: 'owner_kind_target_unique', unique: true },
  // A member's blocked (muted) accounts, newest first: Settings' lists, cursor-paged by _id; and the cap's count.
  { key: { ownerId: 1, kind: 1, _id: -1 }, name: 'owner_kind_recent' },
  // Who blocks a member: they are hidden from that member in lists and search, and refuse to be followed by them.
  { key: { targetId: 1, kind: 1 }, name: 'target_kind' },
];

export async function ensureRelationIndexes(db: Db): Promise<void> {
  await db.collection(RELATIONS).createIndexes(RELATION_INDEXES);
}
