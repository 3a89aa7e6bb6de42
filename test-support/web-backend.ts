import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer, type RunningServer } from '@devcircle/embedded-mongo';
import { startService, type RunningService, type ServiceDefinition } from '@devcircle/service-kit';
import { createSdk, memoryStorage, type DevCircleSdk } from '@devcircle/sdk';
import { startGateway, type RunningGateway } from '../api-gateway/src';
import { definition as authService } from '../services/auth/src';
import { definition as postsService } from '../services/posts/src';
import { definition as usersService } from '../services/users/src';

const SECRETS = { JWT_SECRET: 'web-test-jwt-secret', INTERNAL_SECRET: 'web-test-internal-secret' };

/**
 * The real back end a remote's component tests talk to: the embedded database, the auth, posts and users
 * services and the gateway in front of them, in-process on free ports. Screens are rendered with an SDK whose
 * fetch goes to this gateway, so a test exercises the same calls the browser makes.
 */
export interface WebBackend {
  url: string;
  database: RunningServer;
  services: RunningService[];
  gateway: RunningGateway;
  /** Registers a new user through the gateway and answers an SDK signed in as that user. */
  signUp(username?: string): Promise<DevCircleSdk>;
  stop(): Promise<void>;
}

let userCounter = 0;

export async function startWebBackend(): Promise<WebBackend> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'devcircle-web-'));
  const database = await startServer({ port: 0 });
  const env = {
    ...SECRETS,
    MONGODB_URI: `mongodb://127.0.0.1:${database.port}/web-test`,
    BCRYPT_COST: '10',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
  };
  const start = async (definition: ServiceDefinition) => {
    const service = await startService(definition, { port: 0, env });
    await service.ready;
    return service;
  };
  const [auth, posts, users] = [
    await start(authService),
    await start(postsService),
    await start(usersService),
  ];
  const gateway = await startGateway({
    port: 0,
    env: {
      ...SECRETS,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      AUTH_URLS: auth.url,
      POSTS_URLS: posts.url,
      USERS_URLS: users.url,
      RATE_LIMIT_STORE: 'memory',
      RATE_LIMIT_REGISTER_PER_IP: '10000',
      SERVE_STATIC: 'false',
      HEALTH_CHECK_INTERVAL_MS: '0',
    },
  });
  await gateway.revocationsLoaded;

  return {
    url: gateway.url,
    database,
    services: [auth, posts, users],
    gateway,
    signUp: async (username = `user${process.pid}x${++userCounter}`) => {
      const sdk = createSdk({
        baseUrl: gateway.url,
        fetch: (input, init) => fetch(input, init),
        storage: memoryStorage(),
      });
      await sdk.auth.register(username, `${username}@example.com`, 'secret123');
      return sdk;
    },
    stop: async () => {
      await gateway.stop();
      for (const service of [auth, posts, users]) await service.stop();
      await database.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
