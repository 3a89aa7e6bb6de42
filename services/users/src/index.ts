import type { ServiceDefinition } from '@devcircle/service-kit';
import { accountsConsumer } from './consumers/accounts';
import { createUsersContext, type UsersContext } from './context';
import { ensureEventLogs } from './events/logs';
import { ensureFollowIndexes } from './follows/indexes';
import { ensureProfileIndexes } from './profiles/indexes';
import { accountRoutes } from './routes/account';
import { followRoutes } from './routes/follows';
import { profileRoutes } from './routes/profiles';
import { relationRoutes } from './routes/relations';
import { ensureRelationIndexes } from './relations/indexes';
import { searchRoutes } from './routes/search';

/**
 * The users service: profiles, follows, privacy, developer search and account deletion (README). Its own
 * settings (POSTS_URL, AUTH_URL) are read from the environment it is started with, by `context` at start.
 */
export const definition: ServiceDefinition<UsersContext> = {
  name: 'users',
  context: createUsersContext,
  setup: async ({ db }) => {
    await ensureProfileIndexes(db);
    await ensureFollowIndexes(db);
    await ensureRelationIndexes(db);
    await ensureEventLogs(db);
  },
  routes: (router, app) => {
    searchRoutes(router, app);
    profileRoutes(router, app);
    followRoutes(router, app);
    relationRoutes(router, app);
    accountRoutes(router, app);
  },
  consumers: (app) => [accountsConsumer(app)],
};

export { loadUsersSettings, type UsersSettings } from './config';
export { followersQuery, followingQuery } from './follows/repository';
export { profileByUsernameQuery } from './profiles/repository';
export { searchKeysOf, skillKeysOf } from './profiles/keys';
export { searchQuery, SEARCH_LIMIT } from './search/query';
export type { Profile, PublicUser, RestrictedUser, UserSummary } from './profiles/profile';
