import { callerIn, forbidden, notFound, parseObjectId, type Middleware } from '@devcircle/service-kit';
import { PROFILE_NOT_FOUND } from '../profiles/messages';

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
