import { ObjectId, type ClientSession, type Db } from 'mongodb';
import { currentTrace, formatTraceparent } from '../tracing';
import type { EventLog, EventPayload, Recorded } from './event';

/**
 * Appends one event to `log`. Given the `session` of a transaction (`inTransaction`), the event commits with the
 * write it describes, or neither does (the outbox). A payload `createdAt` (a Date, as `account.registered` carries
 * the account's) is kept; otherwise it is now.
 */
export async function recordEvent<E extends EventPayload>(
  db: Db,
  log: EventLog<E>,
  event: E,
  options: { session?: ClientSession } = {},
): Promise<ObjectId> {
  const given: unknown = 'createdAt' in event ? event.createdAt : undefined;
  const trace = currentTrace();
  const stored = {
    ...event,
    _id: new ObjectId(),
    createdAt: given instanceof Date ? given : new Date(),
    ...(trace ? { traceparent: formatTraceparent(trace) } : {}),
  };
  await db.collection<Recorded<EventPayload>>(log.name).insertOne(stored, options);
  return stored._id;
}
