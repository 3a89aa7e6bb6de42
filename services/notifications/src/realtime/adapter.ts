import { createAdapter } from '@socket.io/mongo-adapter';
import type { Db } from 'mongodb';
import type { RealtimeMode } from './registry';

/** The MongoDB adapter's own collection: one document per broadcast and per heartbeat (every 5 s per instance). */
export const ADAPTER_COLLECTION = 'socket_io_adapter';

/** Its documents are only read through the change stream, as they arrive: an hour is plenty. */
const ADAPTER_TTL_SECONDS = 3600;

/** `REALTIME_FANOUT`: `stream` (the default) or `adapter` (docs/events.md, "Realtime"). */
export function realtimeMode(env: NodeJS.ProcessEnv): RealtimeMode {
  const value = env.REALTIME_FANOUT ?? 'stream';
  if (value === 'stream' || value === 'adapter') return value;
  throw new Error(`REALTIME_FANOUT must be 'stream' or 'adapter', not '${value}'`);
}

/** The adapter's collection needs its TTL index (the embedded server has no capped collections). */
export async function ensureAdapterCollection(db: Db): Promise<void> {
  await db
    .collection(ADAPTER_COLLECTION)
    .createIndex({ createdAt: 1 }, { name: 'expire_old', expireAfterSeconds: ADAPTER_TTL_SECONDS });
}

export function mongoAdapter(db: Db): ReturnType<typeof createAdapter> {
  return createAdapter(db.collection(ADAPTER_COLLECTION), { addCreatedAtField: true });
}
