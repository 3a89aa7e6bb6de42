import { ROUTES } from '@devcircle/contracts';
import { call, type Reply, type Target } from './call';
import { readOutbox, tokenIn, waitForMail } from './outbox';

/** What `POST /api/auth/register` takes; the address and password have defaults for tests that do not care. */
export interface NewAccount {
  username: string;
  /** Default `<username, lower-cased>@example.com`. */
  email?: string;
  /** Default `secret123`. */
  password?: string;
}

/** The answer of a confirmed registration (and of a sign-in): the session. */
export interface SignedUp {
  token: string;
  user: { id: string; _id: string; username: string; email: string; displayName: string; createdAt: string };
}

export const DEFAULT_PASSWORD = 'secret123';

/** The body `account` is registered with. */
export function registrationBody(account: NewAccount): Required<NewAccount> {
  return {
    username: account.username,
    email: account.email ?? `${account.username.toLowerCase()}@example.com`,
    password: account.password ?? DEFAULT_PASSWORD,
  };
}

/**
 * Runs `register` (a registration by any client: HTTP, the SDK, a screen) and answers the token of the confirmation
 * link auth then mailed to `email`, read from `outboxDir` (auth's `<DATA_DIR>/outbox`): a mail that was not there
 * before. Every layer's sign-up helper goes through here.
 */
export async function mailedRegistrationToken(
  outboxDir: string,
  email: string,
  register: () => Promise<unknown>,
): Promise<string> {
  const before = (await readOutbox(outboxDir)).map((mail) => mail.file);
  await register();
  const mail = await waitForMail(outboxDir, {
    to: email.trim(),
    linkTo: ROUTES.registerConfirm,
    notIn: before,
  });
  return tokenIn(mail, ROUTES.registerConfirm);
}

/**
 * The first step of a registration over HTTP: `POST /api/auth/register` to `target` (auth itself or the gateway),
 * which must answer 202, then the token of the link mailed to the address. Throws otherwise, with the answer.
 */
export function registrationToken(
  target: Target,
  outboxDir: string,
  account: NewAccount,
  headers: Record<string, string> = {},
): Promise<string> {
  const body = registrationBody(account);
  return mailedRegistrationToken(outboxDir, body.email, async () => {
    const reply = await call(target, 'POST', '/api/auth/register', body, headers);
    if (reply.status !== 202) {
      throw new Error(`register ${body.username}: ${reply.status} ${JSON.stringify(reply.body)}`);
    }
  });
}

/** `POST /api/auth/register/confirm {token}`: the second step, whatever it answers. */
export function confirmRegistration<T = SignedUp>(
  target: Target,
  token: string,
  headers: Record<string, string> = {},
): Promise<Reply<T>> {
  return call<T>(target, 'POST', '/api/auth/register/confirm', { token }, headers);
}

/**
 * A new account, made the way a person makes one: register, open the link mailed to the address (from
 * `outboxDir`, auth's `<DATA_DIR>/outbox`), confirm. Answers the session the confirmation signs in with; throws
 * unless the register answers 202 and the confirmation 201.
 */
export async function signUp<T = SignedUp>(
  target: Target,
  outboxDir: string,
  account: NewAccount,
  headers: Record<string, string> = {},
): Promise<T> {
  const token = await registrationToken(target, outboxDir, account, headers);
  const reply = await confirmRegistration<T>(target, token, headers);
  if (reply.status !== 201) {
    throw new Error(`confirm ${account.username}: ${reply.status} ${JSON.stringify(reply.body)}`);
  }
  return reply.body;
}
