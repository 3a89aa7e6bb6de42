import { ensureEventLog, eventLog, recordEvent } from '@devcircle/service-kit';
import type { Db, ObjectId } from 'mongodb';

/**
 * Changes to notifications already sent — "Mark all as read", "Delete all", ones removed with a deleted post or
 * comment — so every instance can tell the user's sockets (every tab, every device) and their lists follow.
 * Only needed for a moment: kept a day.
 */
export type Signal =
  /** Everything up to `upTo` (the newest notification at the time) was marked read, or deleted. */
  | { type: 'read' | 'cleared'; userId: ObjectId; upTo: ObjectId }
  /** These went with the post or comment they were about. */
  | { type: 'removed'; userId: ObjectId; ids: ObjectId[] };

/** This service's own log: nothing outside it reads it. */
export const NOTIFICATION_SIGNALS = eventLog<Signal>('notification_signals');

export function ensureSignalLog(db: Db): Promise<void> {
  return ensureEventLog(db, NOTIFICATION_SIGNALS, { ttlDays: 1 });
}

export function recordSignal(db: Db, signal: Signal): Promise<ObjectId> {
  return recordEvent(db, NOTIFICATION_SIGNALS, signal);
}
