import type { ServiceDefinition } from '@devcircle/service-kit';
import { ensureAccountIndexes } from './accounts/indexes';
import { loadAuthSettings } from './config';
import { createAuthContext } from './context';
import { internalRoutes } from './routes/internal';
import { passwordChangeRoutes } from './routes/password-change';
import { passwordResetRoutes } from './routes/password-reset';
import { sessionRoutes } from './routes/session';
import { ensureRevocationIndexes } from './tokens/revocations';

/**
 * The auth service: accounts, sign-in, tokens, password change and reset.
 *
 * The kit hands `routes` its base configuration but not the environment, so auth's own settings (BCRYPT_COST,
 * RESET_TOKEN_TTL_MS, …) are read from `env`: pass the same object as to `startService` when it is not
 * `process.env`. They are read when the service starts, so a bad value stops the start with its message.
 */
export function createAuthService(env: NodeJS.ProcessEnv = process.env): ServiceDefinition {
  return {
    name: 'auth',
    setup: async ({ db }) => {
      await ensureAccountIndexes(db);
      await ensureRevocationIndexes(db);
    },
    routes: (router, deps) => {
      const auth = createAuthContext(deps, loadAuthSettings(env));
      sessionRoutes(router, auth);
      passwordResetRoutes(router, auth);
      passwordChangeRoutes(router, auth);
      internalRoutes(router, auth);
    },
  };
}

/** The service as `runService` starts it: settings from `process.env`. */
export const definition: ServiceDefinition = createAuthService();

export { REVOKED_HEADER } from './tokens/revoked-header';
export type { TokenClaims } from './tokens/sign';
