import type { Document } from 'bson';
import type { JournalEntry } from '../engine/journal-entry';
import type { OpTime } from './clock';

/** Who made a change that belongs to a session: a retryable write or a transaction's commit. */
export interface SessionStamp {
  lsid: Document;
  txnNumber: number;
}

/** A change as the oplog keeps it: the journal entry, the time it was given and, for a transaction, its session. */
export type OplogEntry = JournalEntry & {
  ts: OpTime;
  /** Wall-clock milliseconds when the change was made (change events' `wallTime`). */
  wall: number;
  session?: SessionStamp;
  /** Estimated size, for the oplog's byte cap. */
  bytes: number;
};

export interface OplogLimits {
  /** Changes older than this are dropped. */
  windowMs: number;
  /** The oplog never holds more than this many bytes (estimated); the oldest changes go first. */
  maxBytes: number;
}

/**
 * The changes of the recent past, in time order, for change streams. A change is visible to readers only once it
 * is durable (`publish`), so a reader never sees a change that a crash could take back. Readers waiting for a
 * change (`waitForChanges`) are woken by the publish itself: nothing polls.
 */
export class Oplog {
  private entries: OplogEntry[] = [];
  /** Index of the first kept entry in `entries` (dropped entries are sliced off in batches). */
  private head = 0;
  private visibleEnd = 0;
  private bytes = 0;
  /** Readers waiting for a change: each is woken with true by a publish, or false on its timeout or at close. */
  private readonly waiters = new Set<(changed: boolean) => void>();
  /** The newest time whose change was dropped; history after it is complete. 0n: nothing was ever dropped. */
  lostUpTo: OpTime = 0n;

  constructor(private limits: OplogLimits) {}

  setLimits(limits: OplogLimits): void {
    this.limits = limits;
  }

  append(entry: OplogEntry): void {
    this.entries.push(entry);
    this.bytes += entry.bytes;
  }

  /** The position the next appended change will take: what `publish` takes to mean "up to here". */
  get pendingEnd(): number {
    return this.offset + this.entries.length;
  }

  /**
   * Makes the changes appended before `upTo` (a `pendingEnd` taken earlier; default: all of them) visible — they
   * are durable now — and wakes the readers that wait for changes.
   */
  publish(upTo = this.pendingEnd): void {
    const end = Math.min(this.entries.length, upTo - this.offset);
    if (end <= this.visibleEnd) return;
    this.visibleEnd = end;
    this.trim();
    const waiters = [...this.waiters];
    this.waiters.clear();
    for (const wake of waiters) wake(true);
  }

  /** Ends every wait (the server is stopping), so no timer outlives it. */
  close(): void {
    const waiters = [...this.waiters];
    this.waiters.clear();
    for (const wake of waiters) wake(false);
  }

  /** Resolves at the next publish, or after `ms` (false then). */
  waitForChanges(ms: number): Promise<boolean> {
    return new Promise<boolean>((resolve) => {
      const wake = (changed: boolean): void => {
        clearTimeout(timer);
        this.waiters.delete(wake);
        resolve(changed);
      };
      const timer = setTimeout(() => wake(false), ms);
      this.waiters.add(wake);
    });
  }

  /** The position of the first visible change after `time` (a position counts every change ever appended). */
  positionAfter(time: OpTime): number {
    let lo = this.head;
    let hi = this.visibleEnd;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.entries[mid].ts <= time) lo = mid + 1;
      else hi = mid;
    }
    return this.offset + lo;
  }

  /** Visible changes from a position on, at most `max`; the position may have been trimmed away meanwhile. */
  read(position: number, max: number): OplogEntry[] {
    const start = Math.max(position - this.offset, this.head);
    return this.entries.slice(start, Math.min(this.visibleEnd, start + max));
  }

  /** Position just after the newest visible change. */
  get end(): number {
    return this.offset + this.visibleEnd;
  }

  /** Position of the oldest kept change. */
  get start(): number {
    return this.offset + this.head;
  }

  /** Every kept change, oldest first (for a snapshot). */
  retained(): OplogEntry[] {
    return this.entries.slice(this.head, this.visibleEnd);
  }

  newestVisibleTime(): OpTime | undefined {
    return this.visibleEnd > this.head ? this.entries[this.visibleEnd - 1].ts : undefined;
  }

  /** Positions count from the server's start; entries sliced off the array are counted here. */
  private offset = 0;

  private trim(): void {
    const oldest = BigInt(Math.floor((Date.now() - this.limits.windowMs) / 1000)) << 32n;
    let head = this.head;
    while (head < this.visibleEnd && (this.entries[head].ts < oldest || this.bytes > this.limits.maxBytes)) {
      this.bytes -= this.entries[head].bytes;
      this.lostUpTo = this.entries[head].ts;
      head++;
    }
    this.head = head;
    // Slice the dropped prefix off now and then, not on every publish.
    if (this.head > 4096 && this.head * 2 > this.entries.length) {
      this.entries = this.entries.slice(this.head);
      this.visibleEnd -= this.head;
      this.offset += this.head;
      this.head = 0;
    }
  }
}
