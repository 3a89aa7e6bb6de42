import {
  callerOf,
  forbidden,
  notFound,
  REQUEST_ID_HEADER,
  unauthorized,
  type Identity,
  parseObjectId,
} from '@devcircle/service-kit';
import type { ObjectId } from 'mongodb';
import type { UsersContext } from '../context';
import { accountDeleted } from '../events/logs';
import type { Middleware } from '../http-types';
import { PROFILE_NOT_FOUND } from '../profiles/messages';
import type { Profile } from '../profiles/profile';

/** The caller as the users service uses it: the user id as an ObjectId, and the token's name and e-mail. */
export interface Caller {
  id: ObjectId;
  username: string;
  identity: Identity;
}

/** The caller of a route behind `requireIdentity`; an identity whose id is not an ObjectId names no user. */
export function callerIn(state: { identity?: Identity }): Caller {
  const identity = callerOf(state);
  const id = parseObjectId(identity.id);
  if (!id) throw unauthorized();
  return { id, username: identity.username, identity };
}

export const requestIdOf = (ctx: { get(name: string): string }): string => ctx.get(REQUEST_ID_HEADER);

/**
 * The caller's own profile. Normally created from auth's `account.registered`; should the caller get here
 * before that event is handled, it is created from the identity (username as display name). An account whose
 * deletion is recorded gets none back (a request with a token from before the deletion): 401.
 */
export async function ownProfile(app: UsersContext, caller: Caller): Promise<Profile> {
  const existing = await app.profiles.findById(caller.id);
  if (existing) return existing;
  if (await accountDeleted(app, caller.id)) throw unauthorized('Account not found');
  return app.profiles.createIfMissing({ _id: caller.id, username: caller.username });
}

/**
 * For `/api/users/:id` routes: `:id` must be the caller's own id. A malformed id names no user (404
 * `The user you're looking for…`); a well-formed one of somebody else is a 403 with `message`. Runs before the
 * body is validated, so someone else's id is a 403 whatever the body.
 */
export function ownIdOnly(message: string): Middleware {
  return async (ctx, next) => {
    const id = parseObjectId((ctx as unknown as { params: { id?: string } }).params.id);
    if (!id) throw notFound(PROFILE_NOT_FOUND);
    if (!id.equals(callerIn(ctx.state).id)) throw forbidden(message);
    await next();
  };
}
