import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer, type RunningServer } from '@devcircle/embedded-mongo';
import { startService, type RunningService, type ServiceDefinition } from '@devcircle/service-kit';
import { definition as authService } from '../../services/auth/src';
import { definition as notificationsService } from '../../services/notifications/src';
import { definition as postsService } from '../../services/posts/src';
import { definition as usersService } from '../../services/users/src';
import type { RunningGateway } from '../src';
import { INTERNAL_SECRET, JWT_SECRET, startTestGateway } from './helpers';

const DEFINITIONS = {
  auth: authService,
  posts: postsService,
  users: usersService,
  notifications: notificationsService,
};
export type ServiceName = keyof typeof DEFINITIONS;

/**
 * The whole back end as `npm start` runs it, in-process on free ports: the embedded database, the four real
 * services and a gateway in front of them. Parts can be stopped and started again on the same port.
 */
export interface Stack {
  gateway: RunningGateway;
  services: Record<ServiceName, RunningService>;
  database: RunningServer;
  mongoUri: string;
  dataDir: string;
  /** Where auth writes its mail (no SMTP): registration links are read from here (test kit's `signUp`). */
  outboxDir: string;
  /** The environment the services run with. */
  env: NodeJS.ProcessEnv;
  /** The gateway environment, for starting more gateways in front of the same services. */
  gatewayEnv: Record<string, string>;
  stopDatabase(): Promise<void>;
  startDatabase(): Promise<void>;
  stopService(name: ServiceName): Promise<void>;
  startService(name: ServiceName): Promise<void>;
  stop(): Promise<void>;
}

/** `serviceOverrides`: more environment for every service (e.g. `MODERATORS`). */
export async function startStack(
  gatewayOverrides: Record<string, string> = {},
  serviceOverrides: NodeJS.ProcessEnv = {},
): Promise<Stack> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'devcircle-stack-'));
  // On disk, as `npm start` runs it, so a database restart keeps the data.
  const dbpath = path.join(dataDir, 'db');
  let database = await startServer({ port: 0, dbpath });
  const databasePort = database.port;
  const mongoUri = database.databaseUri('devcircle-stack');
  const env: NodeJS.ProcessEnv = {
    MONGODB_URI: mongoUri,
    JWT_SECRET,
    INTERNAL_SECRET,
    BCRYPT_COST: '4',
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.GATEWAY_LOG ?? 'silent',
    ...serviceOverrides,
  };
  const services = {} as Record<ServiceName, RunningService>;
  // The users service calls posts and auth (profile posts, account deletion): it learns where those run.
  const envFor = (definition: ServiceDefinition): NodeJS.ProcessEnv => {
    if (definition === usersService)
      return { ...env, POSTS_URL: services.posts.url, AUTH_URL: services.auth.url };
    // Notifications reads what a member reports from posts and users, and mails e-mail digests through auth
    // (issue 20).
    if (definition === notificationsService)
      return {
        ...env,
        POSTS_URL: services.posts.url,
        USERS_URL: services.users.url,
        AUTH_URL: services.auth.url,
      };
    return env;
  };
  const launch = async (definition: ServiceDefinition, port = 0): Promise<RunningService> => {
    const service = await startService(definition, { port, env: envFor(definition) });
    await service.ready;
    return service;
  };
  for (const name of Object.keys(DEFINITIONS) as ServiceName[])
    services[name] = await launch(DEFINITIONS[name]);
  const gatewayEnv = {
    AUTH_URLS: services.auth.url,
    POSTS_URLS: services.posts.url,
    USERS_URLS: services.users.url,
    NOTIFICATIONS_URLS: services.notifications.url,
    RATE_LIMIT_STORE: 'mongo',
    MONGODB_URI: mongoUri,
    ...gatewayOverrides,
  };
  const gateway = await startTestGateway(gatewayEnv);
  await gateway.revocationsLoaded;
  const stack: Stack = {
    gateway,
    services,
    get database() {
      return database;
    },
    mongoUri,
    dataDir,
    outboxDir: path.join(dataDir, 'outbox'),
    env,
    gatewayEnv,
    stopDatabase: () => database.stop(),
    startDatabase: async () => {
      database = await startServer({ port: databasePort, dbpath });
    },
    stopService: (name) => services[name].stop(),
    startService: async (name) => {
      services[name] = await launch(DEFINITIONS[name], services[name].port);
    },
    stop: async () => {
      await gateway.stop();
      await Promise.all(Object.values(services).map((service) => service.stop()));
      await database.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  return stack;
}
