import http from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer, type RunningServer } from '@devcircle/embedded-mongo';
import { startService, type RunningService } from '@devcircle/service-kit';
import { mailedRegistrationToken } from '@devcircle/service-test-kit';
import { startGateway, type RunningGateway } from '../../../api-gateway/src';
import { definition as authService } from '../../../services/auth/src';
import type { DevCircleSdk, FetchLike, SessionUser, Timers } from '../src';

export const JWT_SECRET = 'sdk-test-jwt-secret';
export const INTERNAL_SECRET = 'sdk-test-internal-secret';

/** The real back end the SDK talks to: the embedded database, the auth service and the gateway, on free ports. */
export interface Backend {
  url: string;
  database: RunningServer;
  auth: RunningService;
  gateway: RunningGateway;
  /** Where auth writes its mail (no SMTP): registration links are read from here. */
  outboxDir: string;
  stopDatabase(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * `outage`: the suite takes the database away, so auth keeps the services' own timeouts (a database that does not
 * answer within 700 ms is down: 503). Otherwise the timeouts are patient, so a busy machine never reads as an
 * outage.
 */
export async function startBackend({ outage = false }: { outage?: boolean } = {}): Promise<Backend> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'devcircle-sdk-'));
  const database = await startServer({ port: 0 });
  const secrets = { JWT_SECRET, INTERNAL_SECRET, LOG_LEVEL: 'silent' };
  const auth = await startService(authService, {
    port: 0,
    env: {
      ...secrets,
      MONGODB_URI: outage
        ? database.databaseUri('sdk-test')
        : database.databaseUri('sdk-test', { serverSelectionTimeoutMS: 15000, connectTimeoutMS: 15000 }),
      BCRYPT_COST: '4',
      DATA_DIR: dataDir,
    },
  });
  await auth.ready;
  const gateway = await startGateway({
    port: 0,
    env: {
      ...secrets,
      NODE_ENV: 'test',
      MONGODB_URI: database.databaseUri('sdk-test'),
      AUTH_URLS: auth.url,
      RATE_LIMIT_STORE: 'memory',
      SERVE_STATIC: 'false',
      HEALTH_CHECK_INTERVAL_MS: '0',
    },
  });
  await gateway.revocationsLoaded;
  let databaseRunning = true;
  return {
    url: gateway.url,
    database,
    auth,
    gateway,
    outboxDir: path.join(dataDir, 'outbox'),
    stopDatabase: async () => {
      databaseRunning = false;
      await database.stop();
    },
    stop: async () => {
      await gateway.stop();
      await auth.stop();
      if (databaseRunning) await database.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Signs `sdk` up as a person does: `register`, the link auth mailed to the address (read from the outbox), then
 * `confirmRegistration` with its token, which signs the SDK in. Answers the user it was signed in as.
 */
export async function signUp(
  backend: Pick<Backend, 'outboxDir'>,
  sdk: DevCircleSdk,
  account: { username: string; email: string; password: string },
): Promise<SessionUser> {
  const token = await mailedRegistrationToken(backend.outboxDir, account.email, () =>
    sdk.auth.register(account.username, account.email, account.password),
  );
  return sdk.auth.confirmRegistration(token);
}

/** Node's fetch (this file runs in the node test environment), recording the paths the SDK called. */
export function recordingFetch(): {
  fetch: FetchLike;
  calls: { method: string; path: string; auth?: string }[];
} {
  const calls: { method: string; path: string; auth?: string }[] = [];
  const nodeFetch = globalThis.fetch;
  return {
    calls,
    fetch: (input, init) => {
      const headers = (init.headers ?? {}) as Record<string, string>;
      calls.push({
        method: init.method ?? 'GET',
        path: new URL(input).pathname,
        auth: headers.Authorization,
      });
      return nodeFetch(input, init);
    },
  };
}

/** Timers the test fires by hand: nothing depends on real time passing. */
export interface ManualTimers extends Timers {
  intervals: Map<number, { callback: () => void; ms: number }>;
  timeouts: Map<number, { callback: () => void; ms: number }>;
  fireIntervals(ms: number): void;
  fireTimeouts(ms: number): void;
}

export function manualTimers(): ManualTimers {
  let next = 1;
  const intervals = new Map<number, { callback: () => void; ms: number }>();
  const timeouts = new Map<number, { callback: () => void; ms: number }>();
  return {
    intervals,
    timeouts,
    setTimeout: (callback, ms) => {
      timeouts.set(next, { callback, ms });
      return next++;
    },
    clearTimeout: (handle) => void timeouts.delete(handle as number),
    setInterval: (callback, ms) => {
      intervals.set(next, { callback, ms });
      return next++;
    },
    clearInterval: (handle) => void intervals.delete(handle as number),
    fireIntervals: (ms) => {
      for (const { callback, ms: every } of [...intervals.values()]) if (every === ms) callback();
    },
    fireTimeouts: (ms) => {
      for (const [id, { callback, ms: after }] of [...timeouts]) {
        if (after !== ms) continue;
        timeouts.delete(id);
        callback();
      }
    },
  };
}

/** A server that accepts requests and never answers them: the slow back end for the 3 s timeout. */
export async function silentServer(): Promise<{
  url: string;
  received: () => number;
  stop(): Promise<void>;
}> {
  let received = 0;
  const server = http.createServer(() => {
    received++;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received: () => received,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** A server answering every request with `status` and `body` (for the fallback message, a body without one). */
export async function fixedReplyServer(
  status: number,
  body: string,
): Promise<{ url: string; stop(): Promise<void> }> {
  const server = http.createServer((_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A URL where nothing listens. */
export async function closedPortUrl(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

/** An unsigned token with this payload: enough for the placeholder (a slow server never checks it). */
export function unsignedToken(payload: object): string {
  const part = (value: object): string => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(payload)}.signature`;
}

/** Waits until `check` holds (the server handling a request we cannot await); at most ~10 s. */
export async function until(check: () => boolean): Promise<void> {
  for (let attempt = 0; attempt < 200 && !check(); attempt++) await new Promise((r) => setTimeout(r, 50));
  if (!check()) throw new Error('condition not reached');
}
