import { ObjectId } from 'mongodb';

const OBJECT_ID = /^[0-9a-f]{24}$/i;

/** An id from a path, a query or an identity: anything but a string of 24 hex digits names nothing. */
export function parseObjectId(value: unknown): ObjectId | undefined {
  return typeof value === 'string' && OBJECT_ID.test(value) ? new ObjectId(value) : undefined;
}

/** An id another service put in an event: the producers store ObjectIds; a hex string is accepted too. */
export function eventObjectId(value: unknown): ObjectId | undefined {
  return value instanceof ObjectId ? value : parseObjectId(value);
}

/** `ids` without repeats (by value, not by object), in the order each first appears: what an `$in` needs. */
export function distinctIds(ids: readonly ObjectId[]): ObjectId[] {
  return [...new Map(ids.map((id) => [id.toHexString(), id])).values()];
}
