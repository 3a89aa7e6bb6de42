import { openDatabase, type Logger } from '@devcircle/service-kit';
import type { Db, MongoClient } from 'mongodb';

export interface GatewayDatabase {
  /** Usable at once: operations fail as "unreachable" until the first connection is made. */
  db: Db;
  /** The driver's client (its pool events feed /metrics). */
  client: MongoClient;
  /** Resolves once connected (never, if closed first). */
  connected: Promise<Db>;
  /** Resolves after the first connection attempt, whatever its outcome (the gateway waits for it at start). */
  firstAttempt: Promise<void>;
  close(): Promise<void>;
}

/**
 * The gateway's one connection, through service-kit's (which keeps trying until the database answers): it follows
 * auth's token revocations there and, with `RATE_LIMIT_STORE=mongo`, counts attempts there.
 */
export function connectDatabase(uri: string, logger: Logger): GatewayDatabase {
  const database = openDatabase(uri, { logger: logger.child({ component: 'database' }), maxPoolSize: 20 });
  return {
    db: database.db,
    client: database.client,
    connected: database.connected.then(() => database.db),
    firstAttempt: database.firstAttempt,
    close: () => database.close(),
  };
}
