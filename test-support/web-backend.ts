import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROUTES } from '@devcircle/contracts';
import { startServer, type RunningServer } from '@devcircle/embedded-mongo';
import { startService, type RunningService, type ServiceDefinition } from '@devcircle/service-kit';
import { isTo, mailedRegistrationToken, readOutbox, tokenIn } from '@devcircle/service-test-kit';
import { createSdk, memoryStorage, type DevCircleSdk } from '@devcircle/sdk';
import { startGateway, type RunningGateway } from '../api-gateway/src';
import { definition as authService } from '../services/auth/src';
import { definition as notificationsService } from '../services/notifications/src';
import { definition as postsService } from '../services/posts/src';
import { definition as usersService } from '../services/users/src';

const SECRETS = { JWT_SECRET: 'web-test-jwt-secret', INTERNAL_SECRET: 'web-test-internal-secret' };
const DATABASE_NAME = 'web-test';
/** Every test request comes from 127.0.0.1: per-IP limits would only count the whole test file. */
const PER_IP_UNLIMITED = '10000';

/**
 * The real back end a remote's component tests talk to: the embedded database, the auth, posts, users and
 * notifications services and the gateway in front of them, in-process on free ports. Screens are rendered with
 * an SDK whose fetch goes to this gateway, so a test exercises the same calls the browser makes.
 */
export interface WebBackend {
  url: string;
  database: RunningServer;
  /** The database the services use: `mongodb://127.0.0.1:<port>/web-test`. */
  databaseUri: string;
  /** auth, posts, users, notifications (in that order). */
  services: RunningService[];
  gateway: RunningGateway;
  /** The services' DATA_DIR: without SMTP, auth writes its mail to `<dataDir>/outbox`. */
  dataDir: string;
  /** The outbox auth writes its mail to (`<dataDir>/outbox`). */
  outboxDir: string;
  /**
   * Registers a new user through the gateway as a person does (register, the link mailed to the outbox, confirm)
   * and answers an SDK signed in as that user.
   */
  signUp(username?: string): Promise<DevCircleSdk>;
  /** Signs `sdk` up: its `register`, then `confirmRegistration` with the mailed link's token. */
  signUpWith(
    sdk: DevCircleSdk,
    account: { username: string; email: string; password: string },
  ): Promise<void>;
  /**
   * The token of the newest password-reset link mailed to `email` (read from the outbox, waiting up to 10 s
   * for the mail: auth sends it after answering). Use with real timers.
   */
  resetTokenFor(email: string, after?: string): Promise<string>;
  stop(): Promise<void>;
}

let userCounter = 0;

/** The username `MODERATORS` names in the web back end: a test signs up with it to moderate (issue 20). */
export const WEB_MODERATOR = 'moderator1';

/** The token of the newest reset link to `email` in `outbox` other than `after`, or '' when none yet. */
async function newestResetToken(outbox: string, email: string, after?: string): Promise<string> {
  const mails = (await readOutbox(outbox)).filter(
    (mail) => isTo(mail, email) && mail.text.includes(`${ROUTES.resetPassword}?token=`),
  );
  const newest = mails.at(-1);
  const token = newest ? tokenIn(newest, ROUTES.resetPassword) : '';
  return token === after ? '' : token;
}

/** An http:// address where nothing listens (a port taken and released): connecting is refused for real. */
export async function unreachableUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
  return `http://127.0.0.1:${port}`;
}

/** Driver timeouts for a database that is always there, only slow at times (options in the URI win). */
export const PATIENT_DRIVER = { serverSelectionTimeoutMS: 15000, connectTimeoutMS: 15000 };

export async function startWebBackend(): Promise<WebBackend> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'devcircle-web-'));
  const database = await startServer({ port: 0 });
  // The front-end suites never take the database away, but run many at once on shared cores: the production
  // timeouts (under a second, so a real outage answers fast) would turn a busy moment into a false 503.
  const databaseUri = database.databaseUri(DATABASE_NAME, PATIENT_DRIVER);
  const env = {
    ...SECRETS,
    MONGODB_URI: databaseUri,
    BCRYPT_COST: '4',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
  };
  const start = async (definition: ServiceDefinition, extraEnv: NodeJS.ProcessEnv = {}) => {
    const service = await startService(definition, { port: 0, env: { ...env, ...extraEnv } });
    await service.ready;
    return service;
  };
  const auth = await start(authService);
  const posts = await start(postsService);
  // The users service calls posts (a profile's posts) and auth (account deletion).
  const users = await start(usersService, { POSTS_URL: posts.url, AUTH_URL: auth.url });
  // Notifications reads what a member reports from posts and users (issue 20); WEB_MODERATOR moderates.
  // It mails members' e-mail digests through auth (issue 20).
  const notifications = await start(notificationsService, {
    AUTH_URL: auth.url,
    POSTS_URL: posts.url,
    USERS_URL: users.url,
    MODERATORS: WEB_MODERATOR,
  });
  const services = [auth, posts, users, notifications];
  const gateway = await startGateway({
    port: 0,
    env: {
      ...SECRETS,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      MONGODB_URI: databaseUri,
      AUTH_URLS: auth.url,
      POSTS_URLS: posts.url,
      USERS_URLS: users.url,
      NOTIFICATIONS_URLS: notifications.url,
      RATE_LIMIT_STORE: 'memory',
      RATE_LIMIT_REGISTER_PER_IP: PER_IP_UNLIMITED,
      RATE_LIMIT_CONFIRM_REGISTRATION_PER_IP: PER_IP_UNLIMITED,
      RATE_LIMIT_LOGIN_PER_IP: PER_IP_UNLIMITED,
      RATE_LIMIT_FORGOT_PASSWORD_PER_IP: PER_IP_UNLIMITED,
      RATE_LIMIT_RESET_PASSWORD_PER_IP: PER_IP_UNLIMITED,
      SERVE_STATIC: 'false',
      HEALTH_CHECK_INTERVAL_MS: '0',
    },
  });
  await gateway.revocationsLoaded;

  const outboxDir = path.join(dataDir, 'outbox');
  const signUpWith: WebBackend['signUpWith'] = async (sdk, { username, email, password }) => {
    const token = await mailedRegistrationToken(outboxDir, email, () =>
      sdk.auth.register(username, email, password),
    );
    await sdk.auth.confirmRegistration(token);
  };

  return {
    url: gateway.url,
    database,
    databaseUri,
    services,
    gateway,
    dataDir,
    outboxDir,
    signUp: async (username = `user${process.pid}x${++userCounter}`) => {
      const sdk = createSdk({
        baseUrl: gateway.url,
        fetch: (input, init) => fetch(input, init),
        storage: memoryStorage(),
      });
      await signUpWith(sdk, { username, email: `${username}@example.com`, password: 'secret123' });
      return sdk;
    },
    signUpWith,
    resetTokenFor: async (email, after) => {
      const outbox = outboxDir;
      const deadline = Date.now() + 10_000;
      for (;;) {
        const token = await newestResetToken(outbox, email, after);
        if (token) return token;
        if (Date.now() > deadline) throw new Error(`No password-reset mail to ${email} in ${outbox}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    stop: async () => {
      await gateway.stop();
      // A test may have stopped a service already; stopping it again must not hide the others.
      for (const service of services) await service.stop().catch(() => undefined);
      await database.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Starts this file's own back end (gateway, services, database) before its tests and stops it after them;
 * the answer gives it to the tests once started.
 */
export function useWebBackend(): () => WebBackend {
  let backend: WebBackend | undefined;
  beforeAll(async () => {
    backend = await startWebBackend();
  }, 60_000);
  afterAll(() => backend?.stop());
  return () => {
    if (!backend) throw new Error('The back end is not running (beforeAll failed?)');
    return backend;
  };
}
