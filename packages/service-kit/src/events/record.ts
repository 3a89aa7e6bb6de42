import { ObjectId, type Db } from 'mongodb';
import type { NewEvent, StoredEvent } from './event';

/**
 * Appends one event to `log`, right after the write it describes (no transactions tie the two). The id is made
 * here, so the event is in the log's reading order from the moment it is inserted. A payload `createdAt` (a
 * Date, as `account.registered` carries the account's) is kept; otherwise it is now.
 */
export async function recordEvent(db: Db, log: string, event: NewEvent): Promise<ObjectId> {
  const stored: StoredEvent = {
    ...event,
    _id: new ObjectId(),
    createdAt: event.createdAt instanceof Date ? event.createdAt : new Date(),
  };
  await db.collection<StoredEvent>(log).insertOne(stored);
  return stored._id;
}
