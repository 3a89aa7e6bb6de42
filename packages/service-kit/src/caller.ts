import type { ObjectId } from 'mongodb';
import { unauthorized } from './errors';
import { callerOf, type Identity } from './identity';
import { parseObjectId } from './ids';

/** The caller as the services store it: the user id as an ObjectId, and the username the token carries. */
export interface Caller {
  id: ObjectId;
  username: string;
}

/** The caller of a route behind `requireIdentity`; an identity whose id is not an ObjectId names no user (401). */
export function callerIn(state: { identity?: Identity }): Caller {
  const identity = callerOf(state);
  const id = parseObjectId(identity.id);
  if (!id) throw unauthorized();
  return { id, username: identity.username };
}

/** The caller's id where there may be no caller (a public route, or an internal call that forwards none). */
export function optionalCallerId(state: { identity?: Identity }): ObjectId | undefined {
  return state.identity ? parseObjectId(state.identity.id) : undefined;
}
