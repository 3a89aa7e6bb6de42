import type { Logger } from '@devcircle/service-kit';
import { MongoClient, type Db } from 'mongodb';

export interface Store {
  /** Resolves once connected (never, if stopped first). */
  db: Promise<Db>;
  /** Resolves after the first connection attempt, whatever its outcome (the gateway waits for it at start). */
  firstAttempt: Promise<void>;
  connected(): boolean;
  close(): Promise<void>;
}

/**
 * The rate-limit database, connected explicitly and retried with a fresh client until it answers. (The driver's
 * auto-connect gives up for good when the very first connect fails — every later operation then says "Topology is
 * closed" — so a gateway started before its database would never use it. Once connected, the driver rides out
 * outages by itself.) Until then, and while it is down, the in-memory insurance limiters count.
 */
export function connectStore(uri: string, logger: Logger, retryMs = 1000): Store {
  let client: MongoClient | undefined;
  let stopped = false;
  let warned = false;
  let timer: NodeJS.Timeout | undefined;
  let attempted: () => void = () => undefined;
  const firstAttempt = new Promise<void>((resolve) => {
    attempted = resolve;
  });

  const db = new Promise<Db>((resolve) => {
    const attempt = async (): Promise<void> => {
      if (stopped) return;
      const candidate = new MongoClient(uri, {
        serverSelectionTimeoutMS: 700,
        connectTimeoutMS: 700,
        heartbeatFrequencyMS: 1000,
        maxPoolSize: 20,
      });
      try {
        await candidate.connect();
      } catch (err) {
        await candidate.close().catch(() => undefined);
        attempted();
        if (!warned) {
          warned = true;
          logger.warn(
            { err: (err as Error).message },
            'rate-limit database unreachable; counting in memory meanwhile',
          );
        }
        if (!stopped) {
          timer = setTimeout(() => void attempt(), retryMs);
          timer.unref();
        }
        return;
      }
      if (stopped) {
        attempted();
        await candidate.close();
        return;
      }
      client = candidate;
      attempted();
      if (warned) logger.info('rate-limit database connected');
      resolve(candidate.db());
    };
    void attempt();
  });

  return {
    db,
    firstAttempt,
    connected: () => client !== undefined,
    close: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await client?.close();
    },
  };
}
