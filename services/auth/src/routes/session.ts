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
import { loginEmailField } from '../accounts/fields';
import { parseAccountId } from '../accounts/repository';
import type { AuthContext } from '../context';
import { givenPasswordField } from '../passwords/rules';
import { signToken } from '../tokens/sign';
import { accountSuspended, invalidCredentials } from './errors';

interface LoginBody {
  email: string;
  password: string;
}

const loginBody = Joi.object<LoginBody>({
  email: loginEmailField,
  password: givenPasswordField({
    required: 'Password is required',
    type: 'Password must be a string',
    tooLong: 'Invalid email or password',
  }),
});

/** Sign in, the current user and the keep-alive ping (registration: registration.ts). */
export function sessionRoutes(router: Router, auth: AuthContext): void {
  router.post('/api/auth/login', validate({ body: loginBody }), async (ctx) => {
    const { email, password } = validated<LoginBody>(ctx.state, 'body');
    const account = await auth.accounts.findByEmail(email);
    const matches = account
      ? await auth.hasher.verify(password, account.passwordHash)
      : await auth.hasher.verifyNothing(password);
    if (!account || !matches) throw invalidCredentials();
    if (account.suspendedAt) throw accountSuspended();
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
