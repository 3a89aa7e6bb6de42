import type { AccountMailRequest } from '@devcircle/contracts';
import {
  HttpError,
  Joi,
  notFound,
  objectIdString,
  requireInternal,
  type Router,
  validate,
  validated,
} from '@devcircle/service-kit';
import { ObjectId } from 'mongodb';
import { parseAccountId } from '../accounts/repository';
import type { AuthContext } from '../context';
import { accountMail } from '../mail/account-mail';
import { revokeOlderTokens } from '../tokens/revoke';

const accountParams = Joi.object({ id: objectIdString('Account id').required() });

const mailBody = Joi.object<AccountMailRequest>({
  subject: Joi.string().trim().min(1).max(200).required(),
  text: Joi.string().min(1).max(20_000).required(),
  html: Joi.string().min(1).max(50_000).required(),
  unsubscribeUrl: Joi.string()
    .uri({ scheme: ['http', 'https'] })
    .max(2000)
    .required(),
});

/** Calls from the gateway and other services only; the gateway never routes `/internal`. */
export function internalRoutes(router: Router, auth: AuthContext): void {
  const internalOnly = requireInternal(auth.deps.config.internalSecret);

  // For the users service's account deletion. Not idempotent by design: a second call answers 404, which the
  // caller can take as "already gone".
  router.delete('/internal/accounts/:id', internalOnly, validate({ params: accountParams }), async (ctx) => {
    const { id } = validated<{ id: string }>(ctx.state, 'params');
    const accountId = parseAccountId(id) as ObjectId;
    // Revoke first, delete second: if the deletion fails, a retry finds the account and completes it.
    const bumped = await auth.accounts.bumpTokenVersion(accountId);
    if (!bumped) throw notFound('Account not found');
    const header = await revokeOlderTokens(auth.revocations, bumped);
    await auth.accounts.delete(accountId);
    ctx.set(header);
    ctx.body = {
      message: 'Account deleted',
      revocation: { userId: bumped._id.toHexString(), tokenVersion: bumped.tokenVersion },
    };
  });

  // For the notifications service's e-mail digests (docs/email.md): the address stays here, with the mailer.
  // Sent before answering, so the caller knows it went (or failed, 502, and keeps the digest to try again).
  router.post(
    '/internal/accounts/:id/mail',
    internalOnly,
    validate({ params: accountParams, body: mailBody }),
    async (ctx) => {
      const { id } = validated<{ id: string }>(ctx.state, 'params');
      const request = validated<AccountMailRequest>(ctx.state, 'body');
      const account = await auth.accounts.findById(parseAccountId(id) as ObjectId);
      if (!account) throw notFound('Account not found');
      try {
        await auth.mailer.send(accountMail(account.email, request));
      } catch (err) {
        auth.deps.logger.error({ err, accountId: id }, 'account mail not sent');
        throw new HttpError(502, 'The mail could not be sent', { code: 'MAIL_NOT_SENT' });
      }
      ctx.body = { message: 'Mail sent' };
    },
  );
}
