import { ObjectId, type Db } from 'mongodb';
import type { EventLog, EventPayload, Recorded } from './event';

/**
 * Appends one event to `log`, right after the write it describes (no transactions tie the two). The id is made
 * here, so the event is in the log's reading order from the moment it is inserted. A payload `createdAt` (a
 * Date, as `account.registered` carries the account's) is kept; otherwise it is now.
 */
export async function recordEvent<E extends EventPayload>(
  db: Db,
  log: EventLog<E>,
  event: E,
): Promise<ObjectId> {
  const given: unknown = 'createdAt' in event ? event.createdAt : undefined;
  const stored = { ...event, _id: new ObjectId(), createdAt: given instanceof Date ? given : new Date() };
  await db.collection<Recorded<EventPayload>>(log.name).insertOne(stored);
  return stored._id;
}
