import {
  badRequest,
  callerIn,
  forbidden,
  notFound,
  requireIdentity,
  type Router,
} from '@devcircle/service-kit';
import type { UsersContext } from '../context';
import { follow, unfollow } from '../follows/follow-user';
import { CANNOT_FOLLOW_SELF, PROFILE_NOT_FOUND } from '../profiles/messages';
import { ownProfile } from '../profiles/own-profile';
import { toPublicUser, toRestrictedUser } from '../profiles/profile';
import { visibilityOf } from '../privacy/visibility';
import { BLOCKED_FOLLOW } from '../relations/relation';
import { loadProfile } from './load';

/** `PUT /api/users/:username/follow` and `/unfollow`: idempotent, `{ user, isFollowing }`. */
export function followRoutes(router: Router, app: UsersContext): void {
  for (const action of ['follow', 'unfollow'] as const) {
    router.put(`/api/users/:username/${action}`, requireIdentity, async (ctx) => {
      const caller = callerIn(ctx.state);
      const target = await loadProfile(app, ctx.params.username, caller);
      if (target._id.equals(caller.id)) throw badRequest(CANNOT_FOLLOW_SELF);
      // One who blocks them looks missing (loadProfile's 404); one they block must be unblocked first.
      if (action === 'follow' && target.relation.blocks) throw forbidden(BLOCKED_FOLLOW);
      await ownProfile(app, caller);
      if (action === 'follow') await follow(app, caller, target._id);
      else await unfollow(app, caller, target._id);
      // The followee with its new counts, as the caller may now see it (privacy as everywhere).
      const current = await app.profiles.findById(target._id);
      if (!current) throw notFound(PROFILE_NOT_FOUND);
      const { canView, isFollowing } = await visibilityOf(app, current, caller.id);
      ctx.body = { user: canView ? toPublicUser(current) : toRestrictedUser(current), isFollowing };
    });
  }
}
