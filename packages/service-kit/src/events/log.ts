import type { Db } from 'mongodb';
import type { EventLog } from './event';

export const DEFAULT_TTL_DAYS = 30;
const DAY_SECONDS = 24 * 60 * 60;

/**
 * Declares a log's indexes at start-up, idempotently. Only the TTL one: `_id`, the reading order, is indexed
 * by every collection already.
 */
export async function ensureEventLog<E extends object>(
  db: Db,
  log: EventLog<E>,
  options: { ttlDays?: number } = {},
): Promise<void> {
  const ttlDays = options.ttlDays ?? DEFAULT_TTL_DAYS;
  await db
    .collection(log.name)
    .createIndex({ createdAt: 1 }, { name: 'created_ttl', expireAfterSeconds: ttlDays * DAY_SECONDS });
}
