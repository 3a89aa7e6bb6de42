import { TOKEN_REVOCATIONS, type TokenRevocation } from '@devcircle/contracts';
import type { Db, ObjectId } from 'mongodb';
import type { Logger } from 'pino';
import { isDatabaseUnreachable } from '../database';
import { startEventConsumer } from '../events/consumer';
import { eventLog } from '../events/event';
import type { RevocationList } from './revocation-list';

type Revocation = TokenRevocation<ObjectId>;

/** Auth's collection, read as a log: auth alone writes it, the verifiers follow it. */
const REVOCATIONS_LOG = eventLog<Revocation>(TOKEN_REVOCATIONS);

export interface RevocationFeed {
  /** True once every revocation auth keeps has been read. */
  readonly loaded: boolean;
  /** Resolves after that first complete reading (never while the database cannot be reached). */
  readonly ready: Promise<void>;
  stop(): Promise<void>;
}

/**
 * Keeps `list` up to date from auth's `token_revocations` (docs/events.md, "Token revocations"): the whole
 * collection is read at start, then a change stream hands over each new revocation as it commits (a 'replay'
 * consumer: nothing is sent while nobody's tokens change). A token whose version is ahead of the list (just
 * issued, its revocation not streamed yet) makes the list ask the database for that account's latest entry.
 */
export function followRevocations(options: {
  db: Db;
  list: RevocationList;
  logger: Logger;
  /** Names the consumer in the logs (`<process>.revocations`). */
  name: string;
}): RevocationFeed {
  const { db, list, logger } = options;
  const revocations = db.collection<Revocation>(TOKEN_REVOCATIONS);
  let loaded = false;
  const consumer = startEventConsumer(
    { db, logger },
    {
      name: options.name,
      log: REVOCATIONS_LOG,
      position: 'replay',
      handle: async (revocation) => list.apply(revocation.userId, revocation.tokenVersion),
    },
  );
  const ready = consumer.ready.then(() => {
    loaded = true;
    logger.info({ users: list.size }, 'token revocations loaded');
  });
  list.attach({
    get loaded() {
      return loaded;
    },
    catchUp: async (userId: string) => {
      try {
        const latest = await revocations.findOne(
          { userId },
          { sort: { tokenVersion: -1 }, projection: { userId: 1, tokenVersion: 1 } },
        );
        if (latest) list.apply(latest.userId, latest.tokenVersion);
      } catch (err) {
        // Unconfirmed, the token stays ahead and is refused: the member signs in again.
        if (!isDatabaseUnreachable(err)) throw err;
      }
    },
  });
  return {
    get loaded() {
      return loaded;
    },
    ready,
    stop: () => consumer.stop(),
  };
}
