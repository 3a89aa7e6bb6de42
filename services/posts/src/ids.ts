import { ObjectId } from 'mongodb';

const OBJECT_ID = /^[0-9a-f]{24}$/i;

/** An id from a path, a query or an identity: anything but 24 hex digits names nothing. */
export function parseObjectId(value: string | undefined): ObjectId | undefined {
  return value !== undefined && OBJECT_ID.test(value) ? new ObjectId(value) : undefined;
}

/** A user id in an event: the producers store ObjectIds; a hex string is accepted too. */
export function eventObjectId(value: unknown): ObjectId | undefined {
  if (value instanceof ObjectId) return value;
  return typeof value === 'string' ? parseObjectId(value) : undefined;
}
