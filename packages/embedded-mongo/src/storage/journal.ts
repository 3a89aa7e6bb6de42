import fs from 'node:fs';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { deserialize, serialize, type Document } from 'bson';

const HEADER = 8; // u32 payload length, u32 crc32 of the payload
/** The write buffer's usual size: a batch of a thousand small changes fits in one or two of these. */
const PENDING_BYTES = 256 * 1024;

export function journalPath(dir: string, gen: number): string {
  return path.join(dir, `journal.${String(gen).padStart(8, '0')}.log`);
}

export function listJournalGens(dir: string): number[] {
  return fs
    .readdirSync(dir)
    .map((name) => /^journal\.(\d+)\.log$/.exec(name))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => Number(m[1]))
    .sort((a, b) => a - b);
}

/**
 * Applies a journal's complete entries in order, as they are read, and returns the bytes consumed. A torn tail
 * (a crash in the middle of an append) ends the file: such an entry was never acknowledged, because
 * acknowledgement waits for fsync.
 */
export function replayJournal(
  file: string,
  apply: (entry: Document, payload: Buffer) => void,
): { entries: number; bytes: number } {
  const data = fs.readFileSync(file);
  let offset = 0;
  let entries = 0;
  while (offset + HEADER <= data.length) {
    const length = data.readUInt32LE(offset);
    const checksum = data.readUInt32LE(offset + 4);
    const end = offset + HEADER + length;
    if (end > data.length) break;
    const payload = data.subarray(offset + HEADER, end);
    if (crc32(payload) !== checksum) break;
    apply(deserialize(payload, { promoteLongs: true }), payload);
    entries++;
    offset = end;
  }
  return { entries, bytes: offset };
}

interface Waiter {
  seq: number;
  resolve: () => void;
  reject: (err: Error) => void;
}

/**
 * An append-only log. Appends are buffered until the command commits; `flush` writes them in one call and
 * resolves when they are on disk (group commit: concurrent callers share one fdatasync). The file is created on
 * the first write, so a server that only reads leaves no empty journals behind.
 */
export class Journal {
  readonly gen: number;
  bytes = 0;
  private readonly file: string;
  private fd?: number;
  /**
   * Frames appended since the last write, back to back in one buffer reused from write to write (writes are
   * synchronous): a buffer per frame and their concatenation per write were memory outside the heap for the garbage
   * collector to free, a few hundred bytes per change (tens of MiB waiting at any time under bulk inserts).
   */
  private pending = Buffer.allocUnsafe(PENDING_BYTES);
  private pendingLength = 0;
  private written = 0;
  private synced = 0;
  private syncing = false;
  private closed = false;
  private waiters: Waiter[] = [];

  constructor(dir: string, gen: number) {
    this.gen = gen;
    this.file = journalPath(dir, gen);
  }

  /** Buffers an entry until the next flush; returns its size on disk. */
  append(entry: Document): number {
    return this.appendPayload(serialize(entry));
  }

  /** Buffers an entry already serialized (a change in the oplog's form) until the next flush. */
  appendPayload(payload: Uint8Array): number {
    const size = HEADER + payload.length;
    if (this.pendingLength + size > this.pending.length) {
      const bigger = Buffer.allocUnsafe(Math.max(this.pending.length * 2, this.pendingLength + size));
      this.pending.copy(bigger, 0, 0, this.pendingLength);
      this.pending = bigger;
    }
    const at = this.pendingLength;
    this.pending.writeUInt32LE(payload.length, at);
    this.pending.writeUInt32LE(crc32(payload), at + 4);
    this.pending.set(payload, at + HEADER);
    this.pendingLength += size;
    this.bytes += size;
    this.written++;
    return size;
  }

  private writePending(): number | undefined {
    if (this.pendingLength > 0) {
      this.fd ??= fs.openSync(this.file, 'a');
      let at = 0;
      while (at < this.pendingLength) at += fs.writeSync(this.fd, this.pending, at, this.pendingLength - at);
      this.pendingLength = 0;
      // A buffer grown for one large batch goes back to the usual size.
      if (this.pending.length > PENDING_BYTES * 16) this.pending = Buffer.allocUnsafe(PENDING_BYTES);
    }
    return this.fd;
  }

  /** Resolves once everything appended so far is durable; concurrent callers share one fdatasync. */
  flush(): Promise<void> {
    if (this.synced >= this.written) return Promise.resolve();
    this.writePending();
    return new Promise((resolve, reject) => {
      this.waiters.push({ seq: this.written, resolve, reject });
      this.startSync();
    });
  }

  private startSync(): void {
    if (this.syncing || this.closed || this.waiters.length === 0) return;
    const fd = this.writePending();
    if (fd === undefined) return;
    this.syncing = true;
    const target = this.written;
    fs.fdatasync(fd, (err) => {
      this.syncing = false;
      if (this.closed) {
        fs.close(fd, () => undefined);
        return;
      }
      if (err) {
        for (const w of this.waiters) w.reject(err);
        this.waiters = [];
        return;
      }
      this.settle(target);
      this.startSync();
    });
  }

  private settle(upTo: number): void {
    this.synced = Math.max(this.synced, upTo);
    const done = this.waiters.filter((w) => w.seq <= this.synced);
    this.waiters = this.waiters.filter((w) => w.seq > this.synced);
    for (const w of done) w.resolve();
  }

  /** Syncs and closes synchronously, so a rotation can switch journals between two writes. */
  closeSync(): void {
    if (this.closed) return;
    const fd = this.writePending();
    if (fd !== undefined) fs.fdatasyncSync(fd);
    this.closed = true;
    this.settle(this.written);
    // An fdatasync still in flight closes the descriptor when it returns.
    if (fd !== undefined && !this.syncing) fs.closeSync(fd);
  }
}
