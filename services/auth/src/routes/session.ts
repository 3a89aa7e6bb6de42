import {
  callerOf,
  Joi,
  requireIdentity,
  type Router,
  unauthorized,
  validate,
  validated,
} from '@devcircle/service-kit';
import { toUserView } from '../accounts/account';
import { duplicateField } from '../accounts/duplicate-key';
import { emailField, loginEmailField, usernameField } from '../accounts/fields';
import { parseAccountId } from '../accounts/repository';
import type { AuthContext } from '../context';
import { recordAccountRegistered } from '../events/account-events';
import { givenPasswordField, newPasswordField, PASSWORD_MAX_BYTES, PASSWORD_MIN } from '../passwords/rules';
import { signToken } from '../tokens/sign';
import { alreadyTaken, invalidCredentials } from './errors';

interface RegisterBody {
  username: string;
  email: string;
  password: string;
}

interface LoginBody {
  email: string;
  password: string;
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

const loginBody = Joi.object<LoginBody>({
  email: loginEmailField,
  password: givenPasswordField({
    required: 'Password is required',
    type: 'Password must be a string',
    tooLong: 'Invalid email or password',
  }),
});

/** Register, sign in, the current user and the keep-alive ping. */
export function sessionRoutes(router: Router, auth: AuthContext): void {
  router.post('/api/auth/register', validate({ body: registerBody }), async (ctx) => {
    const { username, email, password } = validated<RegisterBody>(ctx.state, 'body');
    // Checked first for a precise message without spending a bcrypt hash; the unique indexes still decide
    // when two registrations race, below.
    const [byUsername, byEmail] = await Promise.all([
      auth.accounts.findByUsername(username),
      auth.accounts.findByEmail(email),
    ]);
    if (byUsername) throw alreadyTaken('username');
    if (byEmail) throw alreadyTaken('email');
    const passwordHash = await auth.hasher.hash(password);
    const account = await auth.accounts.create({ username, email, passwordHash }).catch((err: unknown) => {
      const field = duplicateField(err);
      throw field ? alreadyTaken(field) : err;
    });
    await recordAccountRegistered(auth.deps.db, account);
    ctx.status = 201;
    ctx.body = { token: signToken(account, auth.tokens), user: toUserView(account) };
  });

  router.post('/api/auth/login', validate({ body: loginBody }), async (ctx) => {
    const { email, password } = validated<LoginBody>(ctx.state, 'body');
    const account = await auth.accounts.findByEmail(email);
    const matches = account
      ? await auth.hasher.verify(password, account.passwordHash)
      : await auth.hasher.verifyNothing(password);
    if (!account || !matches) throw invalidCredentials();
    ctx.body = { token: signToken(account, auth.tokens), user: toUserView(account) };
  });

  router.get('/api/auth/me', requireIdentity, async (ctx) => {
    const id = parseAccountId(callerOf(ctx.state).id);
    const account = id ? await auth.accounts.findById(id) : null;
    // A valid token of a deleted account: the web app logs out on a 401.
    if (!account) throw unauthorized('Account not found');
    ctx.body = toUserView(account);
  });

  // The web app's keep-alive: it only needs the process to answer, so no database round trip.
  router.get('/api/auth/ping', (ctx) => {
    ctx.body = { status: 'ok' };
  });
}
