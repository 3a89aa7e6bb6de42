import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
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
import { call } from '@devcircle/service-test-kit';
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
    MONGODB_URI: `mongodb://127.0.0.1:${db.port}/auth-test`,
    INTERNAL_SECRET,
    JWT_SECRET,
    BCRYPT_COST: '10',
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

export { call, type Reply } from '@devcircle/service-test-kit';

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

export async function register(
  service: RunningService,
  username: string,
  email = `${username.toLowerCase()}@example.com`,
  password = 'secret123',
): Promise<Session> {
  const reply = await call<Session>(service, 'POST', '/api/auth/register', { username, email, password });
  if (reply.status !== 201)
    throw new Error(`register ${username}: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body;
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

export async function outboxFiles(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir)).filter((name) => name.endsWith('.eml')).sort();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
}

/** Waits until the outbox holds `count` messages (mail is sent after the response) and returns their texts. */
export async function waitForMail(dir: string, count: number): Promise<string[]> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const files = await outboxFiles(dir);
    if (files.length >= count)
      return Promise.all(files.map((name) => readFile(path.join(dir, name), 'utf8')));
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`expected ${count} mail(s) in ${dir}`);
}

/** The reset link of a mail, undoing the quoted-printable encoding that long lines get. */
export function resetLinkIn(mail: string): URL {
  const decoded = mail
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  const match = decoded.match(/https?:\/\/\S+\/reset-password\?token=[\w%-]+/);
  if (!match) throw new Error('no reset link in mail');
  return new URL(match[0]);
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
