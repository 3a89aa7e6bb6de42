import { ObjectId } from 'mongodb';

/** The smallest id of the second `ms` falls in: a bound by ObjectId time. */
export function idAt(ms: number): ObjectId {
  return ObjectId.createFromTime(Math.max(0, Math.floor(ms / 1000)));
}

const earlier = (a: ObjectId, b: ObjectId): ObjectId => (a.toHexString() <= b.toHexString() ? a : b);

export interface WindowState {
  /** The last event handled in order (the cursor); none yet: the log is read from its beginning. */
  lastId?: ObjectId;
  /** Where an unfinished re-read must go on from (a full batch, a failed handle, the window after a start). */
  scanFrom?: ObjectId;
}

/**
 * Where a poll starts reading (exclusive); undefined: from the beginning of the log. An event committed late
 * has an id from before its commit, so what is missed at `lastId` can still appear while its id is younger
 * than the look-back: the window covers both `lastId` and the last `lookBackMs` of ObjectId time. A log that
 * has been quiet for longer than the look-back is read from `lastId` alone, so idle polls read nothing.
 */
export function windowStart(state: WindowState, lookBackMs: number, now: number): ObjectId | undefined {
  // A scan in progress goes on where it stopped: what lies before was read by this scan already (re-reading
  // it for every batch of a burst would make a burst cost the square of its size). The next scan, once this
  // one reaches the end, covers the window again for anything that committed late meanwhile.
  return state.scanFrom ?? recentStart(state, lookBackMs, now);
}

/**
 * Where a fresh scan starts: the earlier of `lastId` and the last `lookBackMs`. Ids before it are never read
 * again, so the seen-set forgets them (not those before `scanFrom`: the next fresh scan reads them again).
 */
export function recentStart(state: WindowState, lookBackMs: number, now: number): ObjectId | undefined {
  if (!state.lastId) return undefined;
  return lookBackMs > 0 ? earlier(state.lastId, idAt(now - lookBackMs)) : state.lastId;
}

/** After a start, the window behind the stored cursor is read once: events committed late before a crash. */
export function restartWindow(lastId: ObjectId | undefined, lookBackMs: number): ObjectId | undefined {
  if (!lastId || lookBackMs === 0) return undefined;
  return idAt(lastId.getTimestamp().getTime() - lookBackMs);
}
