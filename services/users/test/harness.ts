import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer, type RunningServer } from '@devcircle/embedded-mongo';
import {
  LOGS,
  encodeIdentity,
  IDENTITY_HEADER,
  recordEvent,
  startService,
  type Identity,
  type RunningService,
  type ServiceContext,
  type ServiceDefinition,
} from '@devcircle/service-kit';
import { call, signUp } from '@devcircle/service-test-kit';
import { ObjectId, type Db } from 'mongodb';
import { definition as authDefinition } from '../../auth/src';
import { definition as postsDefinition } from '../../posts/src';
import { definition, type PublicUser } from '../src';

export const INTERNAL_SECRET = 'users-test-internal-secret';
export const JWT_SECRET = 'users-test-jwt-secret';

/**
 * The users service with the real auth and posts services, in-process on free ports, all three on one database
 * of one embedded server (as `npm start` runs them): the users service reads auth's `account_events`, calls
 * posts for a profile's posts and auth for an account deletion.
 */
export interface UsersHarness {
  database: RunningServer;
  users: RunningService;
  auth: RunningService;
  posts: RunningService;
  /** The users service's database handle (shared by the three), for checking what was stored. */
  db: Db;
  /** The environment the services run with. */
  env: NodeJS.ProcessEnv;
  /** Where auth writes its mail (no SMTP): registration links are read from here. */
  outboxDir: string;
  /** Handles every event recorded so far with the users service's consumers. */
  drain(): Promise<void>;
  /** The same with every consumer of the three services (auth, posts and users), until all are idle. */
  drainAll(): Promise<void>;
  stop(): Promise<void>;
}

export interface UsersHarnessOptions {
  /** Opens every service's client with the driver's command monitoring, for `countCommands`. */
  monitorCommands?: boolean;
}

export async function startUsers(
  overrides: NodeJS.ProcessEnv = {},
  options: UsersHarnessOptions = {},
): Promise<UsersHarness> {
  const database = await startServer({ port: 0 });
  const dataDir = await mkdtemp(path.join(tmpdir(), 'devcircle-users-'));
  const env: NodeJS.ProcessEnv = {
    MONGODB_URI: database.databaseUri(
      'users-test',
      options.monitorCommands ? { monitorCommands: 'true' } : {},
    ),
    DATA_DIR: dataDir,
    INTERNAL_SECRET,
    JWT_SECRET,
    BCRYPT_COST: '4',
    LOG_LEVEL: process.env.USERS_TEST_LOG ?? 'silent',
  };
  const launch = async <Context extends ServiceContext>(
    def: ServiceDefinition<Context>,
    extra: NodeJS.ProcessEnv = {},
  ) => {
    const service = await startService(def, { port: 0, env: { ...env, ...extra } });
    await service.ready;
    return service;
  };
  const auth = await launch(authDefinition);
  const posts = await launch(postsDefinition);
  const users = await launch(definition, { POSTS_URL: posts.url, AUTH_URL: auth.url, ...overrides });
  return {
    database,
    users,
    auth,
    posts,
    db: users.deps.db,
    env: { ...env, POSTS_URL: posts.url, AUTH_URL: auth.url, ...overrides },
    outboxDir: path.join(dataDir, 'outbox'),
    drain: async () => {
      for (const consumer of users.consumers) await consumer.drain();
    },
    drainAll: async () => {
      // Twice: a consumer's handling can record events for another (none does today, but it costs nothing).
      for (let round = 0; round < 2; round++) {
        for (const service of [auth, posts, users]) {
          for (const consumer of service.consumers) await consumer.drain();
        }
      }
    },
    stop: async () => {
      await Promise.all([users.stop(), posts.stop(), auth.stop()]);
      await database.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A signed-in user: the account auth made, and the identity header the gateway would send for its token. */
export interface User {
  id: string;
  username: string;
  email: string;
  token: string;
  headers: Record<string, string>;
}

/** The identity header exactly as the gateway sends it for a verified token. */
export function identityHeader(identity: Identity): Record<string, string> {
  return { [IDENTITY_HEADER]: encodeIdentity(identity, INTERNAL_SECRET) };
}

let userCount = 0;

/** A unique username (3–30 characters of letters, digits, `.`, `-`, `_`). */
export const uniqueName = (prefix = 'dev'): string => `${prefix}${process.pid % 1000}x${++userCount}`;

/**
 * Registers through the real auth service as a person does (register, the mailed link, confirm); the profile comes
 * from the event or, at the first call, lazily.
 */
export async function register(h: UsersHarness, username = uniqueName()): Promise<User> {
  const { user, token } = await signUp(h.auth, h.outboxDir, { username });
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    token,
    headers: identityHeader({ id: user.id, username: user.username, email: user.email }),
  };
}

/** Records `account.registered` as auth's producer does (docs/events.md) and lets the consumer handle it. */
export async function announceAccount(
  h: UsersHarness,
  account: { userId: ObjectId; username: string; displayName?: string; createdAt?: Date },
): Promise<void> {
  await recordEvent(h.db, LOGS.accounts, {
    type: 'account.registered',
    userId: account.userId,
    username: account.username,
    displayName: account.displayName ?? account.username,
    createdAt: account.createdAt ?? new Date(),
  });
  await h.drain();
}

/**
 * A user with a profile but no auth account (faster than bcrypt, for tests that need many), with the identity
 * header of a token auth would have issued. The profile is made the way a first request makes it (from the
 * identity), then given `displayName` through the edit endpoint.
 */
export async function quickUser(
  h: UsersHarness,
  username = uniqueName('q'),
  displayName?: string,
): Promise<User> {
  const id = new ObjectId().toHexString();
  const email = `${username.toLowerCase()}@example.com`;
  const user: User = { id, username, email, token: '', headers: identityHeader({ id, username, email }) };
  const made = await call(h.users, 'GET', `/api/users/${username}`, undefined, user.headers);
  if (made.status !== 200)
    throw new Error(`profile of ${username}: ${made.status} ${JSON.stringify(made.body)}`);
  if (displayName !== undefined) {
    const edited = await call(h.users, 'PUT', `/api/users/${id}`, { displayName }, user.headers);
    if (edited.status !== 200)
      throw new Error(`edit ${username}: ${edited.status} ${JSON.stringify(edited.body)}`);
  }
  return user;
}

export { call, type Reply } from '@devcircle/service-test-kit';

export interface ErrorReply {
  message: string;
  code?: string;
  errors?: { field: string; message: string }[];
}

export interface UserSummaryBody {
  _id: string;
  username: string;
  displayName: string;
}

export type PublicUserBody = Omit<PublicUser, 'createdAt'> & {
  createdAt: string;
  followers?: UserSummaryBody[];
  following?: UserSummaryBody[];
};

export interface ProfileBody {
  user: PublicUserBody;
  posts: { _id: string; content: string; likedByMe: boolean; author: UserSummaryBody }[];
  pagination: { current: number; pages: number; total: number; hasMore: boolean };
  stats?: { posts: number; likes: number };
  isFollowing: boolean;
  canView: boolean;
  message?: string;
  postsUnavailable?: boolean;
}

export interface FollowBody {
  user: PublicUserBody;
  isFollowing: boolean;
}

export const follow = (h: UsersHarness, who: User, whom: string) =>
  call<FollowBody & ErrorReply>(h.users, 'PUT', `/api/users/${whom}/follow`, undefined, who.headers);
export const unfollow = (h: UsersHarness, who: User, whom: string) =>
  call<FollowBody & ErrorReply>(h.users, 'PUT', `/api/users/${whom}/unfollow`, undefined, who.headers);
export const profileOf = (h: UsersHarness, viewer: User, username: string, query = '') =>
  call<ProfileBody & ErrorReply>(h.users, 'GET', `/api/users/${username}${query}`, undefined, viewer.headers);

/** Creates a post through the posts service as `user`; answers its id. */
export async function createPost(h: UsersHarness, user: User, content: string): Promise<string> {
  const reply = await call<{ _id: string }>(h.posts, 'POST', '/api/posts', { content }, user.headers);
  if (reply.status !== 201) throw new Error(`post: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body._id;
}

/** The stored profile, straight from the database. */
export const storedProfile = (h: UsersHarness, user: User) =>
  h.db.collection('profiles').findOne({ _id: new ObjectId(user.id) });

export const oid = (hex: string): ObjectId => new ObjectId(hex);
