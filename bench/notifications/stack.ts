import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  startService,
  type RunningService,
  type ServiceContext,
  type ServiceDefinition,
} from '@devcircle/service-kit';
import { MongoClient, type Db } from 'mongodb';
import { startGateway, type RunningGateway } from '../../api-gateway/src';
import { definition as authService } from '../../services/auth/src';
import { ServerProcess } from '../embedded-mongo/server-process';
import {
  definition as notificationsService,
  type NotificationsContext,
} from '../../services/notifications/src';
import { definition as postsService } from '../../services/posts/src';
import { definition as usersService } from '../../services/users/src';

/** The gateway checks tokens with this; auth signs with it and the notifications handshake verifies with it. */
export const JWT_SECRET = 'notifications-bench-jwt-secret';
export const INTERNAL_SECRET = 'notifications-bench-internal-secret';

/**
 * The back end as `npm start` runs it, in this process on free ports (as api-gateway/test/stack.ts starts it):
 * the embedded database (its own process, on disk), auth, posts, users, one notifications instance and a gateway. More
 * notifications instances, and gateways in front of them, can be added.
 */
export interface Stack {
  /** The embedded database in a child process of its own (`npm start`'s `db`). */
  database: ServerProcess;
  /** What every service runs with (notifications adds AUTH_URL). */
  env: NodeJS.ProcessEnv;
  /** Where auth writes its mail (no SMTP): the members' registration links are read from here. */
  outboxDir: string;
  auth: RunningService;
  posts: RunningService;
  users: RunningService;
  /** The first notifications instance (the one `gateway` reaches); `restartNotifications` replaces it. */
  readonly notifications: RunningService<NotificationsContext>;
  gateway: RunningGateway;
  /** A driver handle of the benchmark's own on the services' database: seeding and checks use it directly. */
  db: Db;
  /** The environment a notifications instance needs (for one started in another process too). */
  notificationsEnv: NodeJS.ProcessEnv;
  /** Another notifications instance, with `overrides` on top of `notificationsEnv` (e.g. `REALTIME_FANOUT`). */
  startNotifications(overrides?: NodeJS.ProcessEnv): Promise<RunningService<NotificationsContext>>;
  /** Stops the first notifications instance and starts it again on its port with `overrides`. */
  restartNotifications(overrides?: NodeJS.ProcessEnv): Promise<void>;
  /** A gateway in front of the given notifications instances (and the one auth, posts, users). */
  startGateway(notificationsUrls: string[]): Promise<RunningGateway>;
  stop(): Promise<void>;
}

function once(stop: () => Promise<void>): () => Promise<void> {
  let stopped: Promise<void> | undefined;
  return () => (stopped ??= stop());
}

async function launch<Context extends ServiceContext>(
  definition: ServiceDefinition<Context>,
  env: NodeJS.ProcessEnv,
  port = 0,
): Promise<RunningService<Context>> {
  const service = await startService(definition, { port, env });
  await service.ready;
  return service;
}

export async function startStack(): Promise<Stack> {
  // Auth's mail (each member's registration link) goes to this folder's outbox.
  const dataDir = await mkdtemp(path.join(tmpdir(), 'devcircle-bench-'));
  // The database in a process of its own, on disk, as `npm start` and every deployment run it: its work does not
  // share the services' event loop (the services, the gateways and the clients share this one).
  const database = await ServerProcess.start({ dbpath: path.join(dataDir, 'db'), entry: 'cli' });
  const env: NodeJS.ProcessEnv = {
    DATA_DIR: dataDir,
    MONGODB_URI: database.uri.replace('/?', '/notifications-bench?'),
    JWT_SECRET,
    INTERNAL_SECRET,
    // The lowest auth accepts: registering the benchmark's members is set-up, not what is measured.
    BCRYPT_COST: '10',
    LOG_LEVEL: 'silent',
  };
  const stopping: (() => Promise<void>)[] = [];
  // A part stopped early (the second instance) is not stopped again at the end.
  const started = async <Context extends ServiceContext>(
    definition: ServiceDefinition<Context>,
    serviceEnv: NodeJS.ProcessEnv,
    port = 0,
  ) => {
    const service = await launch(definition, serviceEnv, port);
    const stop = once(() => service.stop());
    stopping.push(stop);
    return { ...service, stop };
  };
  const auth = await started(authService, env);
  const posts = await started(postsService, env);
  const users = await started(usersService, { ...env, POSTS_URL: posts.url, AUTH_URL: auth.url });
  const notificationsEnv = { ...env, AUTH_URL: auth.url };
  const startNotifications = (overrides: NodeJS.ProcessEnv = {}) =>
    started(notificationsService, { ...notificationsEnv, ...overrides });
  let notifications = await startNotifications();
  const client = await new MongoClient(env.MONGODB_URI as string).connect();
  stopping.push(() => client.close());
  const gatewayFor = async (notificationsUrls: string[]): Promise<RunningGateway> => {
    const gateway = await startGateway({
      port: 0,
      env: {
        LOG_LEVEL: 'silent',
        JWT_SECRET,
        INTERNAL_SECRET,
        // The gateway follows auth's token revocations in the database.
        MONGODB_URI: env.MONGODB_URI as string,
        AUTH_URLS: auth.url,
        POSTS_URLS: posts.url,
        USERS_URLS: users.url,
        NOTIFICATIONS_URLS: notificationsUrls.join(','),
        RATE_LIMIT_STORE: 'memory',
        // Every member registers (and confirms) from this one address.
        RATE_LIMIT_REGISTER_PER_IP: '100000',
        RATE_LIMIT_CONFIRM_REGISTRATION_PER_IP: '100000',
        SERVE_STATIC: 'false',
        HEALTH_CHECK_INTERVAL_MS: '0',
      },
    });
    const stop = once(() => gateway.stop());
    stopping.push(stop);
    await gateway.revocationsLoaded;
    return { ...gateway, stop };
  };
  const gateway = await gatewayFor([notifications.url]);
  return {
    database,
    env,
    outboxDir: path.join(dataDir, 'outbox'),
    auth,
    posts,
    users,
    get notifications() {
      return notifications;
    },
    gateway,
    db: client.db(),
    notificationsEnv,
    startNotifications,
    restartNotifications: async (overrides = {}) => {
      const { port } = notifications;
      await notifications.stop();
      notifications = await started(notificationsService, { ...notificationsEnv, ...overrides }, port);
    },
    startGateway: gatewayFor,
    stop: async () => {
      // Gateways first (they hold the sockets), then services, newest first; the database last.
      for (const stop of stopping.reverse()) await stop();
      await database.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
