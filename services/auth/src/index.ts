import { ensureEventLog, LOGS, type ServiceDefinition } from '@devcircle/service-kit';
import { ensureAccountIndexes } from './accounts/indexes';
import { loadAuthSettings } from './config';
import { createAuthContext } from './context';
import { displayNamesConsumer } from './events/display-names';
import { AccountRepository } from './accounts/repository';
import { internalRoutes } from './routes/internal';
import { passwordChangeRoutes } from './routes/password-change';
import { passwordResetRoutes } from './routes/password-reset';
import { sessionRoutes } from './routes/session';
import { ensureRevocationIndexes } from './tokens/revocations';

/**
 * The auth service: accounts, sign-in, tokens, password change and reset. Its own settings (BCRYPT_COST,
 * RESET_TOKEN_TTL_MS, …) come from the environment it is started with, read at start so that a bad value stops
 * the start with its message.
 */
export const definition: ServiceDefinition = {
  name: 'auth',
  setup: async ({ db }) => {
    await ensureAccountIndexes(db);
    await ensureRevocationIndexes(db);
    await ensureEventLog(db, LOGS.accounts);
  },
  routes: (router, deps) => {
    const auth = createAuthContext(deps, loadAuthSettings(deps.env));
    sessionRoutes(router, auth);
    passwordResetRoutes(router, auth);
    passwordChangeRoutes(router, auth);
    internalRoutes(router, auth);
  },
  consumers: ({ db, logger }) => [displayNamesConsumer(new AccountRepository(db), logger)],
};

export { REVOKED_HEADER } from './tokens/revoked-header';
export type { TokenClaims } from './tokens/sign';
