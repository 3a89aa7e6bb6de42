import {
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
import { revokeOlderTokens } from '../tokens/revoke';

const accountParams = Joi.object({ id: objectIdString('Account id').required() });

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
}
