import type { Db, IndexDescription } from 'mongodb';

export const POST_EVENTS = 'post_events';
export const EVENT_TTL_SECONDS = 30 * 24 * 60 * 60;

const EVENT_INDEXES: IndexDescription[] = [
  { key: { createdAt: 1 }, name: 'created_ttl', expireAfterSeconds: EVENT_TTL_SECONDS },
];

export async function ensureEventIndexes(db: Db): Promise<void> {
  await db.collection(POST_EVENTS).createIndexes(EVENT_INDEXES);
}
