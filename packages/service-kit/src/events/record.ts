import { ObjectId, type ClientSession, type Db } from 'mongodb';
import { currentTrace, currentTracer, endSpan, formatTraceparent, SpanKind, startHop } from '../tracing';
import type { EventLog, EventPayload, Recorded } from './event';

/**
 * Appends one event to `log`. Given the `session` of a transaction (`inTransaction`), the event commits with the
 * write it describes, or neither does (the outbox). A payload `createdAt` (a Date, as `account.registered` carries
 * the account's) is kept; otherwise it is now. The work's trace goes with it (its consumers continue it); when
 * the part exports spans, the recording is a PRODUCER span, which the consumers' spans are children of.
 */
export async function recordEvent<E extends EventPayload>(
  db: Db,
  log: EventLog<E>,
  event: E,
  options: { session?: ClientSession } = {},
): Promise<ObjectId> {
  const given: unknown = 'createdAt' in event ? event.createdAt : undefined;
  const tracer = currentTracer();
  const _id = new ObjectId();
  const { trace, span } = tracer
    ? startHop(tracer, currentTrace(), `publish ${log.name}`, SpanKind.PRODUCER, {
        'messaging.system': 'devcircle',
        'messaging.operation.type': 'send',
        'messaging.destination.name': log.name,
        'messaging.message.id': _id.toHexString(),
        'devcircle.event.type': event.type,
      })
    : { trace: currentTrace(), span: undefined };
  const stored = {
    ...event,
    _id,
    createdAt: given instanceof Date ? given : new Date(),
    ...(trace ? { traceparent: formatTraceparent(trace) } : {}),
  };
  try {
    await db.collection<Recorded<EventPayload>>(log.name).insertOne(stored, options);
  } catch (err) {
    if (span) endSpan(span, err);
    throw err;
  }
  if (span) endSpan(span);
  return stored._id;
}
