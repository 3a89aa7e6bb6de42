import fs from 'node:fs';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { deserialize, serialize } from 'bson';
import type { JournalEntry } from '../engine/journal-entry';

const HEADER = 8; // u32 payload length, u32 crc32 of the payload

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
 * Reads a journal's complete entries. A torn tail (a crash in the middle of an append) ends the file: such an
 * entry was never acknowledged, because acknowledgement waits for fsync.
 */
export function readJournal(file: string): { entries: JournalEntry[]; bytes: number } {
  const data = fs.readFileSync(file);
  const entries: JournalEntry[] = [];
  let offset = 0;
  while (offset + HEADER <= data.length) {
    const length = data.readUInt32LE(offset);
    const checksum = data.readUInt32LE(offset + 4);
    const end = offset + HEADER + length;
    if (end > data.length) break;
    const payload = data.subarray(offset + HEADER, end);
    if (crc32(payload) !== checksum) break;
    entries.push(deserialize(payload, { promoteLongs: true }) as JournalEntry);
    offset = end;
  }
  return { entries, bytes: offset };
}

interface Waiter {
  seq: number;
  resolve: () => void;
  reject: (err: Error) => void;
}

/** An append-only log. Appends are written at once; `flush` resolves when they are on disk (group commit). */
export class Journal {
  readonly gen: number;
  bytes = 0;
  private readonly fd: number;
  private written = 0;
  private synced = 0;
  private syncing = false;
  private closed = false;
  private waiters: Waiter[] = [];

  constructor(dir: string, gen: number) {
    this.gen = gen;
    this.fd = fs.openSync(journalPath(dir, gen), 'a');
  }

  append(entry: JournalEntry): void {
    const payload = serialize(entry);
    const frame = Buffer.allocUnsafe(HEADER + payload.length);
    frame.writeUInt32LE(payload.length, 0);
    frame.writeUInt32LE(crc32(payload), 4);
    frame.set(payload, HEADER);
    fs.writeSync(this.fd, frame);
    this.bytes += frame.length;
    this.written++;
  }

  /** Resolves once everything appended so far is durable; concurrent callers share one fdatasync. */
  flush(): Promise<void> {
    if (this.synced >= this.written) return Promise.resolve();
    return new Promise((resolve, reject) => {
      this.waiters.push({ seq: this.written, resolve, reject });
      this.startSync();
    });
  }

  private startSync(): void {
    if (this.syncing || this.closed || this.waiters.length === 0) return;
    this.syncing = true;
    const target = this.written;
    fs.fdatasync(this.fd, (err) => {
      this.syncing = false;
      if (this.closed) {
        fs.close(this.fd, () => undefined);
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
    fs.fdatasyncSync(this.fd);
    this.closed = true;
    this.settle(this.written);
    // An fdatasync still in flight closes the descriptor when it returns.
    if (!this.syncing) fs.closeSync(this.fd);
  }
}
