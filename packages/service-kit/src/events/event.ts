import type { ObjectId } from 'mongodb';

/** What every event carries before it is recorded: its type; the rest is the log's payload. */
export interface EventPayload {
  type: string;
}

/** One document of an event log (docs/events.md): `_id` is the reading order, `createdAt` feeds the TTL. */
export type Recorded<E extends object> = E & {
  _id: ObjectId;
  createdAt: Date;
  /** The W3C trace context of the work that recorded it, when traced (`recordEvent`). */
  traceparent?: string;
};

/**
 * What the consumer machinery reads: any log entry. The logs between services carry a `type`; auth's token
 * revocations (read the same way) do not.
 */
export type LogEntry = Recorded<{ type?: string }>;

/** Any recorded event, whatever its log: what the consumer machinery and its reports handle. */
export type StoredEvent = Recorded<EventPayload>;

/**
 * A log as code names it: its collection and, for the type checker only, what it carries. Producers record
 * and consumers read through the same handle, so a payload is written once and read without casts.
 */
export interface EventLog<E extends object> {
  readonly name: string;
  /** Never set: it only carries the payload type. */
  readonly payload?: E;
}

export function eventLog<E extends object>(name: string): EventLog<E> {
  return { name };
}
