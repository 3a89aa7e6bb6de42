import {
  callerIn,
  Joi,
  requireIdentity,
  textField,
  type Router,
  validate,
  validated,
} from '@devcircle/service-kit';
import type { UsersContext } from '../context';
import { toPublicUser, toRestrictedUser } from '../profiles/profile';
import { visibleAmong } from '../privacy/visibility';
import { SEARCH_LIMIT, SEARCH_MAX, searchQuery, type SearchInput } from '../search/query';

/** Cleaned as a search (docs/text-hygiene.md): what a name cannot contain is dropped, so it finds names. */
const term = (name: string) =>
  textField('search', name)
    .max(SEARCH_MAX)
    .allow('')
    .messages({
      'string.base': `${name} must be a string`,
      'string.max': `${name} must be at most ${SEARCH_MAX} characters`,
    });

const searchParams = Joi.object<SearchInput>({ search: term('search'), skill: term('skill') });

/** `GET /api/users?search=&skill=`: at most 50 users, newest first. */
export function searchRoutes(router: Router, app: UsersContext): void {
  router.get('/api/users', requireIdentity, validate({ query: searchParams }), async (ctx) => {
    const input = validated<SearchInput>(ctx.state, 'query');
    const caller = callerIn(ctx.state);
    const query = searchQuery(input);
    const found = await app.profiles.list(query, SEARCH_LIMIT);
    const [visible, blocked] = await Promise.all([
      visibleAmong(app, found, caller.id),
      // Members blocked either way are not found (docs/safety.md).
      app.relations.blockedAmong(
        caller.id,
        found.map((profile) => profile._id),
      ),
    ]);
    const bySkill = 'skillKeys' in query.filter;
    ctx.body = found
      // A private profile's skills are hidden from non-followers, so a skill must not find it either.
      .filter((profile) => !bySkill || visible.has(profile._id.toHexString()))
      .filter((profile) => !blocked.has(profile._id.toHexString()))
      .map((profile) =>
        visible.has(profile._id.toHexString()) ? toPublicUser(profile) : toRestrictedUser(profile),
      );
  });
}
