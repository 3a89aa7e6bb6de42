import { MongoClient, MongoError, type Db } from 'mongodb';
import type { Logger } from 'pino';

/** Driver errors that mean "the database cannot be reached", as opposed to a bad query. */
const UNREACHABLE = new Set([
  'MongoServerSelectionError',
  'MongoNetworkError',
  'MongoNetworkTimeoutError',
  'MongoTopologyClosedError',
  'MongoNotConnectedError',
  'PoolClearedError',
  'PoolClearedOnNetworkError',
  'MongoPoolClearedError',
]);

/** Socket errors the driver can let through unwrapped when the server goes away mid-connection. */
const SOCKET_FAILURES = new Set(['EPIPE', 'ECONNRESET', 'ECONNREFUSED', 'ERR_STREAM_WRITE_AFTER_END']);

export function isDatabaseUnreachable(err: unknown): boolean {
  if (err instanceof MongoError) return UNREACHABLE.has(err.name) || err.hasErrorLabel('ResetPool');
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  return typeof code === 'string' && SOCKET_FAILURES.has(code);
}

export interface Database {
  client: MongoClient;
  db: Db;
  /** Resolves true when the database answers a ping within `timeoutMs`. */
  ping(timeoutMs?: number): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * The driver fails an operation after `serverSelectionTimeoutMS` when no server is reachable, so a short one
 * turns "database down" into a 503 within a second; a frequent heartbeat notices quickly that it is back.
 */
export function openDatabase(uri: string): Database {
  const client = new MongoClient(uri, {
    serverSelectionTimeoutMS: 700,
    connectTimeoutMS: 700,
    heartbeatFrequencyMS: 1000,
    maxPoolSize: 50,
  });
  const db = client.db();
  return {
    client,
    db,
    ping: async (timeoutMs = 700) => {
      try {
        await db.command({ ping: 1 }, { timeoutMS: timeoutMs });
        return true;
      } catch {
        return false;
      }
    },
    close: () => client.close(),
  };
}

/**
 * Runs a start-up task (declaring indexes) until it succeeds: a service starts even while the database is down
 * and finishes its set-up when the database comes back.
 */
export function retryUntilDone(
  task: () => Promise<void>,
  logger: Logger,
  label: string,
  delayMs = 1000,
): { stop(): void; done: Promise<void> } {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const done = new Promise<void>((resolve) => {
    const attempt = (): void => {
      if (stopped) return resolve();
      task().then(
        () => {
          logger.info({ task: label }, 'start-up task done');
          resolve();
        },
        (err: Error) => {
          logger.warn({ task: label, err: err.message }, 'start-up task failed; retrying');
          timer = setTimeout(attempt, delayMs);
        },
      );
    };
    attempt();
  });
  return {
    stop: () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
    done,
  };
}
