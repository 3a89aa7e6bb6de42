import {
  badRequest,
  callerOf,
  conflict,
  forbidden,
  Joi,
  type Middleware,
  objectIdString,
  requireIdentity,
  type Router,
  unauthorized,
  validate,
  validated,
} from '@devcircle/service-kit';
import { parseAccountId } from '../accounts/repository';
import type { AuthContext } from '../context';
import { givenPasswordField, newPasswordField, PASSWORD_MAX_BYTES, PASSWORD_MIN } from '../passwords/rules';
import { revokeOlderTokens } from '../tokens/revoke';
import { signToken } from '../tokens/sign';

interface ChangePasswordBody {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** The settings form's messages (product spec §5): any missing field is 'All fields are required.'. */
const ALL_REQUIRED = 'All fields are required.';
const MISMATCH = 'New passwords do not match.';
const CURRENT_INCORRECT = 'Current password is incorrect';

const changePasswordBody = Joi.object<ChangePasswordBody>({
  currentPassword: givenPasswordField({
    required: ALL_REQUIRED,
    type: 'Current password must be a string.',
    tooLong: CURRENT_INCORRECT,
  }),
  newPassword: newPasswordField({
    required: ALL_REQUIRED,
    type: 'New password must be a string.',
    min: `New password must be at least ${PASSWORD_MIN} characters.`,
    tooLong: `New password must be at most ${PASSWORD_MAX_BYTES} bytes (72 plain letters or digits).`,
  }),
  // `empty('')` first: with an allow-list (`valid`) an empty confirmation would otherwise read as a mismatch.
  confirmPassword: Joi.string().empty('').required().valid(Joi.ref('newPassword')).messages({
    'any.required': ALL_REQUIRED,
    'string.empty': ALL_REQUIRED,
    'string.base': 'Password confirmation must be a string.',
    'any.only': MISMATCH,
  }),
});

const idParams = Joi.object({ id: objectIdString('User id').required() });

/** Only the account's owner changes its password: no one else, whatever they know. */
const ownAccountOnly: Middleware = async (ctx, next) => {
  const { id } = validated<{ id: string }>(ctx.state, 'params');
  if (id.toLowerCase() !== callerOf(ctx.state).id.toLowerCase()) {
    throw forbidden('You can only change your own password');
  }
  await next();
};

/** `PUT /api/users/:id/password`: the gateway sends it here because auth owns credentials. */
export function passwordChangeRoutes(router: Router, auth: AuthContext): void {
  router.put(
    '/api/users/:id/password',
    requireIdentity,
    validate({ params: idParams }),
    ownAccountOnly,
    validate({ body: changePasswordBody }),
    async (ctx) => {
      const { currentPassword, newPassword } = validated<ChangePasswordBody>(ctx.state, 'body');
      const id = parseAccountId(callerOf(ctx.state).id);
      const account = id ? await auth.accounts.findById(id) : null;
      if (!id || !account) throw unauthorized('Account not found');
      if (!(await auth.hasher.verify(currentPassword, account.passwordHash))) {
        throw badRequest(CURRENT_INCORRECT, [{ field: 'currentPassword', message: CURRENT_INCORRECT }]);
      }
      const newHash = await auth.hasher.hash(newPassword);
      const updated = await auth.accounts.changePassword(id, account.passwordHash, newHash);
      // The password changed between our check and our write (another session, a reset): start again.
      if (!updated) throw conflict('Your password was changed in the meantime. Please try again.');
      ctx.set(await revokeOlderTokens(auth.revocations, updated));
      // The session that made the change keeps working with a token of the new version.
      ctx.body = { message: 'Password updated successfully.', token: signToken(updated, auth.tokens) };
    },
  );
}
