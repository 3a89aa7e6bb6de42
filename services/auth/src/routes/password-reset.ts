import { ROUTES } from '@devcircle/contracts';
import { Joi, type Router, validate, validated } from '@devcircle/service-kit';
import type { Account } from '../accounts/account';
import { emailField } from '../accounts/fields';
import type { AuthContext } from '../context';
import { createLinkToken, hashLinkToken, tokenLink } from '../links/link-token';
import { resetPasswordMail } from '../mail/reset-mail';
import { newPasswordField, PASSWORD_MAX_BYTES, PASSWORD_MIN } from '../passwords/rules';
import { revokeOlderTokens } from '../tokens/revoke';
import { invalidResetLink } from './errors';

interface ForgotBody {
  email: string;
}

interface ResetBody {
  token: string;
  password: string;
}

/** The one answer to a reset request, whether or not the address has an account (spec §8). */
export const FORGOT_PASSWORD_MESSAGE = 'If an account with that email exists, a reset link has been sent.';
export const RESET_DONE_MESSAGE = 'Your password has been reset. You can now sign in.';

const forgotBody = Joi.object<ForgotBody>({ email: emailField });

const resetBody = Joi.object<ResetBody>({
  // Tokens are 43 characters; the bound only keeps junk from being hashed.
  token: Joi.string().max(512).required().messages({
    'any.required': 'Reset token is missing or invalid.',
    'string.empty': 'Reset token is missing or invalid.',
    'string.base': 'Reset token is missing or invalid.',
    'string.max': 'Reset token is missing or invalid.',
  }),
  password: newPasswordField({
    required: 'Password is required.',
    type: 'Password must be a string.',
    min: `Password must be at least ${PASSWORD_MIN} characters.`,
    tooLong: `Password must be at most ${PASSWORD_MAX_BYTES} bytes (72 plain letters or digits).`,
  }),
});

/** Creates a link for the account (replacing any earlier one) and mails it. Runs after the response. */
async function sendResetLink(auth: AuthContext, account: Account): Promise<void> {
  const { token, tokenHash } = createLinkToken();
  await auth.accounts.setPasswordReset(
    account._id,
    tokenHash,
    new Date(Date.now() + auth.settings.resetTokenTtlMs),
  );
  const link = tokenLink(auth.settings.publicUrl, ROUTES.resetPassword, token);
  // The mail goes to the address on the account, not to the spelling that was typed.
  await auth.mailer.send(
    resetPasswordMail(account.email, account.username, link, auth.settings.resetTokenTtlMs),
  );
  if (auth.mailer.kind === 'outbox') {
    // No SMTP: the person running DevCircle on one machine needs the link, and the log is where they look.
    auth.deps.logger.info({ link }, 'password reset link (outbox mode)');
  }
}

/** Forgot password and reset password. */
export function passwordResetRoutes(router: Router, auth: AuthContext): void {
  router.post('/api/auth/forgot-password', validate({ body: forgotBody }), async (ctx) => {
    const { email } = validated<ForgotBody>(ctx.state, 'body');
    // The same indexed read on both paths, and a database outage still surfaces as a 503. Everything that
    // only happens for a real account (token, write, mail) waits until after the answer, so the answer takes
    // the same time either way and reveals nothing.
    const account = await auth.accounts.findByEmail(email);
    if (account) auth.background.push('password-reset-mail', () => sendResetLink(auth, account));
    ctx.body = { message: FORGOT_PASSWORD_MESSAGE };
  });

  router.post('/api/auth/reset-password', validate({ body: resetBody }), async (ctx) => {
    const { token, password } = validated<ResetBody>(ctx.state, 'body');
    const tokenHash = hashLinkToken(token);
    // Looked up before hashing the new password, so made-up tokens cost no bcrypt work.
    const account = await auth.accounts.findByResetToken(tokenHash, new Date());
    if (!account) throw invalidResetLink();
    const passwordHash = await auth.hasher.hash(password);
    const updated = await auth.accounts.resetPassword(account._id, tokenHash, new Date(), passwordHash);
    // Used by a concurrent request, or expired while we hashed.
    if (!updated) throw invalidResetLink();
    ctx.set(await revokeOlderTokens(auth.revocations, updated));
    ctx.body = { message: RESET_DONE_MESSAGE };
  });
}
