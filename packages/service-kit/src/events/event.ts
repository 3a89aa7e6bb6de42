import type { ObjectId } from 'mongodb';

/** One document of an event log (docs/events.md): `_id` is the reading order, `createdAt` feeds the TTL. */
export interface StoredEvent {
  _id: ObjectId;
  type: string;
  createdAt: Date;
  [field: string]: unknown;
}

/** What a producer passes to `recordEvent`: the type and the payload; `_id` and `createdAt` are added. */
export interface NewEvent {
  type: string;
  [field: string]: unknown;
}
