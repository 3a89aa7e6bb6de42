import { openDatabase, type Logger } from '@devcircle/service-kit';
import type { Db } from 'mongodb';

export interface Store {
  /** Resolves once connected (never, if stopped first). */
  db: Promise<Db>;
  /** Resolves after the first connection attempt, whatever its outcome (the gateway waits for it at start). */
  firstAttempt: Promise<void>;
  close(): Promise<void>;
}

/**
 * The rate-limit database, through service-kit's connection (which keeps trying until the database answers).
 * Until then, and while it is down, the in-memory insurance limiters count.
 */
export function connectStore(uri: string, logger: Logger): Store {
  const database = openDatabase(uri, {
    logger: logger.child({ component: 'rate-limit store' }),
    maxPoolSize: 20,
  });
  return {
    db: database.connected.then(() => database.db),
    firstAttempt: database.firstAttempt,
    close: () => database.close(),
  };
}
