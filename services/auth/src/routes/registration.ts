import { REGISTRATION_PENDING_MESSAGE, type RegistrationPending } from '@devcircle/contracts';
import { inTransaction, Joi, type Router, validate, validated } from '@devcircle/service-kit';
import { toUserView } from '../accounts/account';
import { duplicateField } from '../accounts/duplicate-key';
import { emailField, usernameField } from '../accounts/fields';
import type { AuthContext } from '../context';
import { recordAccountRegistered } from '../events/account-events';
import { hashLinkToken } from '../links/link-token';
import { newPasswordField, PASSWORD_MAX_BYTES, PASSWORD_MIN } from '../passwords/rules';
import { sendConfirmationLink, warnAccountOwner } from '../registrations/mails';
import { signToken } from '../tokens/sign';
import { alreadyTaken, invalidRegistrationLink, takenBeforeConfirming } from './errors';

interface RegisterBody {
  username: string;
  email: string;
  password: string;
}

interface ConfirmBody {
  token: string;
}

const registerBody = Joi.object<RegisterBody>({
  username: usernameField,
  email: emailField,
  password: newPasswordField({
    required: 'Password is required',
    type: 'Password must be a string',
    min: `Password must be at least ${PASSWORD_MIN} characters`,
    tooLong: `Password must be at most ${PASSWORD_MAX_BYTES} bytes (72 plain letters or digits)`,
  }),
});

const LINK_MISSING = 'Confirmation token is missing or invalid.';
const confirmBody = Joi.object<ConfirmBody>({
  // Tokens are 43 characters; the bound only keeps junk from being hashed.
  token: Joi.string().max(512).required().messages({
    'any.required': LINK_MISSING,
    'string.empty': LINK_MISSING,
    'string.base': LINK_MISSING,
    'string.max': LINK_MISSING,
  }),
});

/**
 * Registration in two steps, so that it never tells whether an address has an account: `register` answers the
 * same 202 for every valid request and mails the address (a link to finish, or a note to the account's owner);
 * `register/confirm` makes the account from the link.
 */
export function registrationRoutes(router: Router, auth: AuthContext): void {
  router.post('/api/auth/register', validate({ body: registerBody }), async (ctx) => {
    const { username, email, password } = validated<RegisterBody>(ctx.state, 'body');
    // Both lookups on every request (a database outage is a 503 either way).
    const [byUsername, byEmail] = await Promise.all([
      auth.accounts.findByUsername(username),
      auth.accounts.findByEmail(email),
    ]);
    // Usernames are public (profiles, search): saying one is taken reveals nothing.
    if (byUsername) throw alreadyTaken('username');
    // Hashed on both paths, although a taken address does not need it, so the answer takes as long either way;
    // the rest (storing, mailing) happens after the answer, one job at a time.
    const passwordHash = await auth.hasher.hash(password);
    const mail = byEmail
      ? () => warnAccountOwner(auth, byEmail)
      : () => sendConfirmationLink(auth, { username, email, passwordHash });
    auth.background.push('registration-mail', mail);
    ctx.status = 202;
    ctx.body = { message: REGISTRATION_PENDING_MESSAGE } satisfies RegistrationPending;
  });

  router.post('/api/auth/register/confirm', validate({ body: confirmBody }), async (ctx) => {
    const { token } = validated<ConfirmBody>(ctx.state, 'body');
    // Used up here, atomically: of two clicks on one link only one makes the account.
    const pending = await auth.registrations.take(hashLinkToken(token), new Date());
    if (!pending) throw invalidRegistrationLink();
    const { username, email, passwordHash } = pending;
    // The unique indexes decide: the username or the address may have got an account since the registration.
    // The account and `account.registered` commit together (the outbox).
    const account = await inTransaction(auth.deps.database.client, async (session) => {
      const created = await auth.accounts.create({ username, email, passwordHash }, session);
      await recordAccountRegistered(auth.deps.db, created, session);
      return created;
    }).catch(async (err: unknown) => {
      const field = duplicateField(err);
      if (field) throw takenBeforeConfirming(field);
      // Not the link's fault (the database failed): give it back so that the same link works on a retry.
      await auth.registrations.restore(pending).catch(() => undefined);
      throw err;
    });
    // The address's other links (earlier attempts, or someone else's with this address) must make nothing more.
    await auth.registrations.deleteForEmail(account.email);
    ctx.status = 201;
    ctx.body = { token: signToken(account, auth.tokens), user: toUserView(account) };
  });
}
