import { ensureEventLog, LOGS, type ServiceDefinition } from '@devcircle/service-kit';
import { ensureAccountIndexes } from './accounts/indexes';
import { displayNamesConsumer } from './consumers/display-names';
import { moderationConsumer } from './consumers/moderation';
import { createAuthContext, type AuthContext } from './context';
import { internalRoutes } from './routes/internal';
import { passwordChangeRoutes } from './routes/password-change';
import { passwordResetRoutes } from './routes/password-reset';
import { registrationRoutes } from './routes/registration';
import { sessionRoutes } from './routes/session';
import { ensurePendingRegistrationIndexes } from './registrations/indexes';
import { ensureRevocationIndexes } from './tokens/revocation-indexes';

/**
 * The auth service: accounts (registered through a mailed link), sign-in, tokens, password change and reset. Its own settings (BCRYPT_COST,
 * RESET_TOKEN_TTL_MS, …) come from the environment it is started with, read by `context` at start so that a bad
 * value stops the start with its message.
 */
export const definition: ServiceDefinition<AuthContext> = {
  name: 'auth',
  context: createAuthContext,
  setup: async ({ db }) => {
    await ensureAccountIndexes(db);
    await ensurePendingRegistrationIndexes(db);
    await ensureRevocationIndexes(db);
    await ensureEventLog(db, LOGS.accounts);
  },
  routes: (router, auth) => {
    registrationRoutes(router, auth);
    sessionRoutes(router, auth);
    passwordResetRoutes(router, auth);
    passwordChangeRoutes(router, auth);
    internalRoutes(router, auth);
  },
  consumers: (auth) => [displayNamesConsumer(auth), moderationConsumer(auth)],
};

export { REVOKED_HEADER } from './tokens/revoked-header';
export type { TokenClaims } from './tokens/sign';
