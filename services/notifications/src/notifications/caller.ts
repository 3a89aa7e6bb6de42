import { callerOf, unauthorized, parseObjectId } from '@devcircle/service-kit';
import type { ObjectId } from 'mongodb';

/** The caller's user id; an identity without an ObjectId names no account here. */
export function callerId(state: Parameters<typeof callerOf>[0]): ObjectId {
  const id = parseObjectId(callerOf(state).id);
  if (!id) throw unauthorized();
  return id;
}
