// Node's own timers, named: a page's test that fakes the global clock (the in-process back end shares its realm)
// must not stop or break the server's.
import { clearTimeout, setTimeout } from 'node:timers';
import { MongoClient, MongoError, MongoServerError, type Db, type MongoClientOptions } from 'mongodb';
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

/** A unique index refused the write (11000): the caller decides whether that means "already done". */
export function isDuplicateKey(err: unknown): boolean {
  return err instanceof MongoServerError && err.code === 11000;
}

export function isDatabaseUnreachable(err: unknown): boolean {
  if (err instanceof MongoError) return UNREACHABLE.has(err.name) || err.hasErrorLabel('ResetPool');
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  return typeof code === 'string' && SOCKET_FAILURES.has(code);
}

export interface Database {
  client: MongoClient;
  db: Db;
  /** Resolves once the first connection has been made (it is retried until the database answers). */
  connected: Promise<void>;
  /** Resolves after the first connection attempt, whatever its outcome. */
  firstAttempt: Promise<void>;
  /** Resolves true when the database answers a ping within `timeoutMs`. */
  ping(timeoutMs?: number): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * The driver fails an operation after `serverSelectionTimeoutMS` when no server is reachable, so a short one
 * turns "database down" into a 503 within a second. The heartbeat stays at the driver's 10 s: a monitoring `hello`
 * is a command the server answers, and at one a second every process kept an idle app busy; when the database
 * comes back, the next operation's server selection asks for an immediate check anyway (at most every 500 ms,
 * `minHeartbeatFrequencyMS`), so recovery does not wait for it. These are defaults: an option written in the
 * connection string (`MONGODB_URI`) wins over them.
 *
 * Once connected, the driver rides out outages by itself. But when the very first connection fails, driver 7
 * leaves the client closed ("Topology is closed") until `connect()` is called again, so a service started before
 * its database keeps calling `connect()` until it succeeds; meanwhile requests get 503s.
 */
export interface OpenOptions {
  retryMs?: number;
  /** Told once when the database cannot be reached at start, and again when it is. */
  logger?: Logger;
  /** Replaces the default pool size; a `maxPoolSize` in the URI still wins. */
  maxPoolSize?: number;
}

const DEFAULTS = {
  serverSelectionTimeoutMS: 700,
  connectTimeoutMS: 700,
  heartbeatFrequencyMS: 10_000,
  maxPoolSize: 50,
} satisfies MongoClientOptions;

/**
 * The option names written in a connection string's query, lower-cased (the driver reads them in any case). Not
 * `new URL`: a connection string may list several hosts (`a:27017,b:27017`), which URL refuses.
 */
function optionsInUri(uri: string): Set<string> {
  const query = uri.includes('?') ? uri.slice(uri.indexOf('?') + 1) : '';
  return new Set([...new URLSearchParams(query).keys()].map((name) => name.toLowerCase()));
}

/**
 * The driver lets options passed in code override those in the URI, so only the defaults the URI does not set
 * are passed: an operator's `MONGODB_URI` has the last word.
 */
function clientOptions(uri: string, maxPoolSize: number | undefined): MongoClientOptions {
  const inUri = optionsInUri(uri);
  const wanted: MongoClientOptions = { ...DEFAULTS, maxPoolSize: maxPoolSize ?? DEFAULTS.maxPoolSize };
  return Object.fromEntries(Object.entries(wanted).filter(([name]) => !inUri.has(name.toLowerCase())));
}

export function openDatabase(uri: string, options: OpenOptions = {}): Database {
  const { retryMs = 1000, logger } = options;
  const client = new MongoClient(uri, clientOptions(uri, options.maxPoolSize));
  const db = client.db();
  let closed = false;
  let failed = false;
  let timer: NodeJS.Timeout | undefined;
  let attempted: () => void = () => undefined;
  const firstAttempt = new Promise<void>((resolve) => {
    attempted = resolve;
  });
  // Never settles if closed before connecting: whoever waits for it has nothing to do then.
  const connected = new Promise<void>((resolve) => {
    const attempt = (): void => {
      if (closed) return attempted();
      client.connect().then(
        () => {
          attempted();
          if (failed) logger?.info('database connected');
          resolve();
        },
        (err: Error) => {
          attempted();
          if (!failed)
            logger?.warn({ err: err.message }, 'database unreachable; retrying, answering 503 meanwhile');
          failed = true;
          if (closed) return;
          timer = setTimeout(attempt, retryMs);
          timer.unref();
        },
      );
    };
    attempt();
  });
  return {
    client,
    db,
    connected,
    firstAttempt,
    ping: async (timeoutMs = 700) => {
      try {
        await db.command({ ping: 1 }, { timeoutMS: timeoutMs });
        return true;
      } catch {
        return false;
      }
    },
    close: async () => {
      closed = true;
      if (timer) clearTimeout(timer);
      await client.close();
    },
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
