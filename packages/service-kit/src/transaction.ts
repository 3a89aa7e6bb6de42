import type { ClientSession, MongoClient } from 'mongodb';

/**
 * Runs `work` as one multi-document transaction, with the driver's `withTransaction`: all of its writes commit
 * together or none does, and a transient failure (a write conflict with another transaction, a commit whose
 * outcome was lost) runs `work` again from the start, so it must only read and write through `session`. An error
 * thrown by `work` aborts the transaction and reaches the caller. This is how a write and the event describing it
 * are recorded together (docs/events.md, "outbox").
 */
export async function inTransaction<T>(
  client: MongoClient,
  work: (session: ClientSession) => Promise<T>,
): Promise<T> {
  return client.withSession((session) => session.withTransaction(() => work(session)));
}
