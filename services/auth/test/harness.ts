import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer, type RunningServer } from '@devcircle/embedded-mongo';
import {
  encodeIdentity,
  IDENTITY_HEADER,
  internalHeaders,
  startService,
  type Identity,
  type RunningService,
} from '@devcircle/service-kit';
import { ROUTES } from '@devcircle/contracts';
import { linkIn, readOutbox, signUp, type OutboxMail } from '@devcircle/service-test-kit';
import jwt from 'jsonwebtoken';
import { definition, type TokenClaims } from '../src';

export const INTERNAL_SECRET = 'auth-test-internal-secret';
export const JWT_SECRET = 'auth-test-jwt-secret';
export const PUBLIC_URL = 'http://devcircle.test';

export interface AuthHarness {
  database: RunningServer;
  service: RunningService;
  dataDir: string;
  outboxDir: string;
  env: NodeJS.ProcessEnv;
  stop(): Promise<void>;
}

/** The auth service in-process on a free port, against its own in-memory embedded database. */
export async function startAuth(
  extraEnv: NodeJS.ProcessEnv = {},
  database?: RunningServer,
): Promise<AuthHarness> {
  const ownDatabase = !database;
  const db = database ?? (await startServer({ port: 0 }));
  const dataDir = await mkdtemp(path.join(tmpdir(), 'devcircle-auth-'));
  const env: NodeJS.ProcessEnv = {
    MONGODB_URI: db.databaseUri('auth-test'),
    INTERNAL_SECRET,
    JWT_SECRET,
    BCRYPT_COST: '4',
    DATA_DIR: dataDir,
    PUBLIC_URL,
    LOG_LEVEL: process.env.AUTH_TEST_LOG ?? 'silent',
    ...extraEnv,
  };
  const service = await startService(definition, { port: 0, env });
  await service.ready;
  const harness: AuthHarness = {
    database: db,
    service,
    dataDir,
    outboxDir: path.join(dataDir, 'outbox'),
    env,
    stop: async () => {
      await service.stop();
      // `database` may have been replaced by a test that restarted it.
      if (ownDatabase) await harness.database.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  return harness;
}

/** The identity header exactly as the gateway sends it for a verified token. */
export function identityHeader(identity: Identity): Record<string, string> {
  return { [IDENTITY_HEADER]: encodeIdentity(identity, INTERNAL_SECRET) };
}

export const internal = (): Record<string, string> => internalHeaders(INTERNAL_SECRET);

export {
  call,
  readOutbox,
  registrationToken,
  waitForMail,
  type OutboxMail,
  type Reply,
} from '@devcircle/service-test-kit';

export interface UserBody {
  id: string;
  _id: string;
  username: string;
  email: string;
  displayName: string;
  createdAt: string;
}

export interface Session {
  token: string;
  user: UserBody;
}

/** A new account, registered and confirmed through the mailed link as a person does (test-kit's `signUp`). */
export function register(
  on: AuthHarness,
  username: string,
  email = `${username.toLowerCase()}@example.com`,
  password = 'secret123',
): Promise<Session> {
  return signUp<Session>(on.service, on.outboxDir, { username, email, password });
}

export function identityOf(user: UserBody): Identity {
  return { id: user.id, username: user.username, email: user.email };
}

/** Verifies a token the way the gateway does (HS256 only, issuer devcircle) and returns its claims. */
export function verifyToken(token: string): TokenClaims & { iat: number; exp: number; iss: string } {
  return jwt.verify(token, JWT_SECRET, { algorithms: ['HS256'], issuer: 'devcircle' }) as TokenClaims & {
    iat: number;
    exp: number;
    iss: string;
  };
}

const isResetMail = (mail: OutboxMail): boolean => mail.text.includes(`${ROUTES.resetPassword}?token=`);

/** The password-reset mails in the outbox so far, oldest first (a registration's mail is not one). */
export async function resetMails(dir: string): Promise<OutboxMail[]> {
  return (await readOutbox(dir)).filter(isResetMail);
}

/** Waits until the outbox holds `count` reset mails (mail is sent after the response) and returns them. */
export async function waitForResetMails(dir: string, count: number): Promise<OutboxMail[]> {
  for (let attempt = 0; attempt < 400; attempt++) {
    const mails = await resetMails(dir);
    if (mails.length >= count) return mails;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`expected ${count} reset mail(s) in ${dir}`);
}

/** The reset link of a mail. */
export const resetLinkIn = (mail: OutboxMail): URL => linkIn(mail, ROUTES.resetPassword);

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
