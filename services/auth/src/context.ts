import path from 'node:path';
import type { ServiceDeps } from '@devcircle/service-kit';
import { AccountRepository } from './accounts/repository';
import type { AuthSettings } from './config';
import { SerialQueue } from './jobs/serial-queue';
import { createMailer, type Mailer } from './mail/mailer';
import { PasswordHasher } from './passwords/hashing';
import { RevocationLog } from './tokens/revocations';
import type { TokenSettings } from './tokens/sign';

/** Everything the route handlers share, built once per running service. */
export interface AuthContext {
  deps: ServiceDeps;
  settings: AuthSettings;
  accounts: AccountRepository;
  revocations: RevocationLog;
  hasher: PasswordHasher;
  tokens: TokenSettings;
  mailer: Mailer;
  /** Runs work that must not delay or shape a response (sending reset mail). */
  background: SerialQueue;
}

export function createAuthContext(deps: ServiceDeps, settings: AuthSettings): AuthContext {
  return {
    deps,
    settings,
    accounts: new AccountRepository(deps.db),
    revocations: new RevocationLog(deps.db),
    hasher: new PasswordHasher(settings.bcryptCost),
    tokens: { secret: deps.config.jwtSecret, expiresIn: settings.jwtExpiresIn },
    mailer: createMailer(
      {
        smtpUrl: settings.smtpUrl,
        mailFrom: settings.mailFrom,
        outboxDir: path.join(deps.config.dataDir, 'outbox'),
      },
      deps.logger,
    ),
    background: new SerialQueue(deps.logger),
  };
}
