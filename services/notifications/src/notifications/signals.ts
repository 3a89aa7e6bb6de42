import { ensureEventLog, recordEvent } from '@devcircle/service-kit';
import type { Db, ObjectId } from 'mongodb';

/**
 * "Mark all as read" and "Delete all" as they happened, so every instance can tell the user's other sockets
 * (another tab, another device) and their lists follow. Only needed for a moment: kept a day.
 */
export const NOTIFICATION_SIGNALS = 'notification_signals';

export type SignalType = 'read' | 'cleared';

export interface Signal {
  type: SignalType;
  userId: ObjectId;
  /** The newest notification the change covered. */
  upTo: ObjectId;
}

export function ensureSignalLog(db: Db): Promise<void> {
  return ensureEventLog(db, NOTIFICATION_SIGNALS, { ttlDays: 1 });
}

export function recordSignal(db: Db, signal: Signal): Promise<ObjectId> {
  return recordEvent(db, NOTIFICATION_SIGNALS, { ...signal });
}
