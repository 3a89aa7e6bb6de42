import {
  RELATION_KINDS,
  RELATIONS_PAGE_SIZE,
  type RelationKind,
  type RelationsPage,
} from '@devcircle/contracts';
import {
  badRequest,
  callerIn,
  Joi,
  limitField,
  objectIdString,
  parseObjectId,
  requireIdentity,
  validate,
  validated,
  type Router,
} from '@devcircle/service-kit';
import type { UsersContext } from '../context';
import { ownProfile } from '../profiles/own-profile';
import { toSummary } from '../profiles/profile';
import { relate, unrelate } from '../relations/relate';
import { CANNOT_RELATE_SELF } from '../relations/relation';
import { loadProfile } from './load';

interface ListQuery {
  limit: number;
  before?: string;
}

const listParams = Joi.object<ListQuery>({
  limit: limitField(RELATIONS_PAGE_SIZE),
  before: objectIdString('before'),
});

/**
 * Block and mute (docs/safety.md): `PUT` / `DELETE /api/users/:username/block` (or `/mute`), idempotent, answer
 * `RelationAnswer`; `GET /api/users/me/blocks` (or `/mutes`), the caller's own list, newest first, by cursor.
 */
export function relationRoutes(router: Router, app: UsersContext): void {
  for (const kind of RELATION_KINDS) {
    router.get(`/api/users/me/${kind}s`, requireIdentity, validate({ query: listParams }), async (ctx) => {
      const { limit, before } = validated<ListQuery>(ctx.state, 'query');
      const caller = callerIn(ctx.state);
      const found = await app.relations.page(
        caller.id,
        kind,
        before ? parseObjectId(before) : undefined,
        limit + 1,
      );
      const page = found.slice(0, limit);
      const profiles = await app.profiles.findMany(page.map((relation) => relation.targetId));
      const users = page.flatMap((relation) => {
        const profile = profiles.get(relation.targetId.toHexString());
        // A deleted account's relation goes with it; one caught in between is left out.
        return profile ? [{ ...toSummary(profile), since: relation.createdAt.toISOString() }] : [];
      });
      const answer: RelationsPage = {
        users,
        hasMore: found.length > limit,
        nextCursor: page.length > 0 ? page[page.length - 1]._id.toHexString() : null,
      };
      ctx.body = answer;
    });

    for (const active of [true, false]) {
      const method = active ? router.put.bind(router) : router.delete.bind(router);
      method(`/api/users/:username/${kind}`, requireIdentity, async (ctx) => {
        const caller = callerIn(ctx.state);
        // Found even when they block the caller: blocking back (or muting) someone who blocked you is allowed.
        const target = await loadProfile(app, ctx.params.username, caller, { evenIfBlocked: true });
        if (target._id.equals(caller.id)) throw badRequest(CANNOT_RELATE_SELF(kind as RelationKind));
        await ownProfile(app, caller);
        if (active) await relate(app, caller, target, kind);
        else await unrelate(app, caller, target._id, kind);
        ctx.body = { user: toSummary(target), kind, active };
      });
    }
  }
}
