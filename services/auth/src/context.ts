import path from 'node:path';
import type { ServiceContext, ServiceDeps } from '@devcircle/service-kit';
import { AccountRepository } from './accounts/repository';
import { loadAuthSettings, type AuthSettings } from './config';
import { SerialQueue } from './jobs/serial-queue';
import { createMailer } from './mail/create-mailer';
import type { Mailer } from './mail/mailer';
import { PasswordHasher } from './passwords/hashing';
import { PendingRegistrationRepository } from './registrations/repository';
import { RevocationLog } from './tokens/revocations';
import type { TokenSettings } from './tokens/sign';

/** Everything the routes and the consumer share, built once per start (the definition's `context`). */
export interface AuthContext extends ServiceContext {
  settings: AuthSettings;
  accounts: AccountRepository;
  /** Registrations waiting for their mailed link to be opened. */
  registrations: PendingRegistrationRepository;
  revocations: RevocationLog;
  hasher: PasswordHasher;
  tokens: TokenSettings;
  mailer: Mailer;
  /** Runs work that must not delay or shape a response (reset and registration mail). */
  background: SerialQueue;
}

/** Auth's own settings are read here, at start, so a bad value stops the start with its message. */
export function createAuthContext(deps: ServiceDeps): AuthContext {
  const settings = loadAuthSettings(deps.env);
  return {
    deps,
    settings,
    accounts: new AccountRepository(deps.db),
    registrations: new PendingRegistrationRepository(deps.db),
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
