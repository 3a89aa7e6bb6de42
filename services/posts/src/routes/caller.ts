import { callerOf, unauthorized, type Identity, parseObjectId } from '@devcircle/service-kit';
import type { ObjectId } from 'mongodb';
import type { Caller } from '../caller';

export type { Caller };

/** The caller of a route behind `requireIdentity`; an identity whose id is not an ObjectId names no user. */
export function callerIn(state: { identity?: Identity }): Caller {
  const identity = callerOf(state);
  const id = parseObjectId(identity.id);
  if (!id) throw unauthorized();
  return { id, username: identity.username };
}

/** The caller when there may be none (internal calls may forward one): only for `likedByMe`. */
export function optionalViewer(state: { identity?: Identity }): ObjectId | undefined {
  return state.identity ? parseObjectId(state.identity.id) : undefined;
}
