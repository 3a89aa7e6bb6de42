import { ROUTES } from '@devcircle/contracts';
import type { Account } from '../accounts/account';
import type { AuthContext } from '../context';
import { createLinkToken, tokenLink } from '../links/link-token';
import { accountExistsMail, confirmRegistrationMail } from '../mail/registration-mails';

export interface RegistrationRequest {
  username: string;
  email: string;
  passwordHash: string;
}

/**
 * A new address: keeps the registration under a fresh link and mails the link there. Runs after the response,
 * as the taken-address branch's mail does, so the answer is the same in both.
 */
export async function sendConfirmationLink(auth: AuthContext, request: RegistrationRequest): Promise<void> {
  const { token, tokenHash } = createLinkToken();
  const ttlMs = auth.settings.registrationTokenTtlMs;
  await auth.registrations.create({ ...request, tokenHash, expiresAt: new Date(Date.now() + ttlMs) });
  const link = tokenLink(auth.settings.publicUrl, ROUTES.registerConfirm, token);
  await auth.mailer.send(confirmRegistrationMail(request.email, request.username, link, ttlMs));
  if (auth.mailer.kind === 'outbox') {
    // No SMTP: whoever runs DevCircle on one machine needs the link, and the log is where they look.
    auth.deps.logger.info({ link }, 'registration link (outbox mode)');
  }
}

/** A taken address: tells its owner, at the address on the account, how to get in. Nothing is stored. */
export async function warnAccountOwner(auth: AuthContext, account: Account): Promise<void> {
  const { publicUrl } = auth.settings;
  await auth.mailer.send(
    accountExistsMail(account.email, account.username, {
      signIn: `${publicUrl}${ROUTES.login}`,
      forgotPassword: `${publicUrl}${ROUTES.forgotPassword}`,
    }),
  );
}
