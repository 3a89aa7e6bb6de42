import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { deserialize, serialize, Timestamp, type Document } from 'bson';
import type { JournalEntry } from '../engine/journal-entry';
import { fromTimestamp, toTimestamp, type OpTime } from './clock';

/** Who made a change that belongs to a session: a retryable write or a transaction's commit. */
export interface SessionStamp {
  lsid: Document;
  txnNumber: number;
}

/** A change as readers get it, decoded from the oplog's bytes. */
export type OplogEntry = JournalEntry & {
  ts: OpTime;
  /** Wall-clock milliseconds when the change was made (change events' `wallTime`). */
  wall: number;
  session?: SessionStamp;
};

export interface OplogLimits {
  /** Changes older than this are dropped. */
  windowMs: number;
  /** The oplog never holds more than this many bytes; the oldest changes go first. */
  maxBytes: number;
}

/**
 * The stored form of a change, shared by the journal, the oplog and the snapshot: one BSON document whose FIRST
 * field is `ts` (a Timestamp). A BSON Timestamp is a little-endian uint64 equal to (seconds << 32 | counter), so
 * the time reads straight from the bytes — the oplog never decodes a change to search or trim it.
 */
export function encodeChange(entry: JournalEntry, ts: OpTime, wall: number, session?: SessionStamp): Buffer {
  const bytes = serialize({ ts: toTimestamp(ts), ...entry, wall, ...(session ? { session } : {}) });
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** Byte offset of `ts`'s value: the document's length (4), the type byte (1) and 'ts\0' (3). */
const TS_VALUE = 8;
const TIMESTAMP_TYPE = 0x11;

/** Whether a stored change already has the form `encodeChange` writes (older data directories put `ts` last). */
export function isEncodedChange(payload: Uint8Array): boolean {
  return payload[4] === TIMESTAMP_TYPE && payload[5] === 0x74 && payload[6] === 0x73 && payload[7] === 0;
}

export function timeOfChange(buf: Buffer, start: number): OpTime {
  return buf.readBigUInt64LE(start + TS_VALUE);
}

/** Changes whose namespace fields do not say everything they concern (a rename's target, a transaction's parts). */
const CONCERNS_MORE = new Set(['renameCollection', 'applyOps', 'dropDatabase']);

/** Reads a string element (type 0x02) named `name` at `at`; returns its value and where the next element starts. */
function stringElement(buf: Buffer, at: number, name: string): { value: string; next: number } | undefined {
  if (buf[at] !== 0x02) return undefined;
  const nameEnd = at + 1 + name.length;
  if (buf.toString('latin1', at + 1, nameEnd) !== name || buf[nameEnd] !== 0) return undefined;
  const length = buf.readInt32LE(nameEnd + 1);
  const valueStart = nameEnd + 5;
  return { value: buf.toString('utf8', valueStart, valueStart + length - 1), next: valueStart + length };
}

/**
 * The database and collection a stored change is about, read from its bytes (after `ts`: `op`, `db`, `coll`)
 * without decoding it; undefined when the change may concern other namespaces too, or the bytes are not laid out so.
 */
export function namespaceOfChange(buf: Buffer, start: number): { db: string; coll: string } | undefined {
  const op = stringElement(buf, start + TS_VALUE + 8, 'op');
  if (!op || CONCERNS_MORE.has(op.value)) return undefined;
  const db = stringElement(buf, op.next, 'db');
  const coll = db && stringElement(buf, db.next, 'coll');
  return db && coll ? { db: db.value, coll: coll.value } : undefined;
}

/** Whether a reader cares about changes to a namespace. */
export type NamespaceFilter = (db: string, coll: string) => boolean;

/**
 * The namespaces a transaction's changes concern, read from the changes themselves; undefined when one may concern
 * more than its own (a rename's target, a dropped database), or there are none.
 */
export function namespacesOfEntries(entries: JournalEntry[]): { db: string; coll: string }[] | undefined {
  const namespaces: { db: string; coll: string }[] = [];
  for (const entry of entries) {
    if (CONCERNS_MORE.has(entry.op) || !('coll' in entry)) return undefined;
    namespaces.push({ db: entry.db, coll: entry.coll });
  }
  return namespaces.length > 0 ? namespaces : undefined;
}

export function decodeChange(payload: Uint8Array): OplogEntry {
  const { ts, ...rest } = deserialize(payload, { promoteLongs: true });
  return { ...(rest as JournalEntry & { wall: number }), ts: fromTimestamp(ts as Timestamp) };
}

/** Payloads are copied into blocks of this size, so a million changes make a hundred buffers, not a million. */
const BLOCK_BYTES = 1024 * 1024;
/**
 * Blocks this many behind the one appends go to are kept deflated (level 1: a millisecond or two a block): streams
 * read the newest changes, which stay raw, and only a resume from further back inflates a block (one is cached).
 * The byte cap still counts the changes' own bytes, so the window it keeps does not change; what it costs in memory
 * does (the scale benchmark's posts deflate about 10:1; everyday text 3-4:1).
 */
const RAW_BLOCKS = 2;
/** A block is kept raw when deflating does not save at least this fraction of it. */
const DEFLATE_MIN_SAVING = 0.1;

/**
 * Kept changes back to back: `raw` while recent, `deflated` later; `used` is how many bytes of the raw form hold
 * changes (a raw block is allocated whole and filled as changes arrive).
 */
interface Block {
  raw?: Buffer;
  deflated?: Buffer;
  used: number;
}
/** Decoded changes kept for readers: many streams read the same recent change, and only the first decodes it. */
const DECODED_CACHE = 4096;

/**
 * A run of back-to-back changes for a snapshot: its length now, its bytes when the snapshot writes it. Inflating
 * every deflated block up front made the whole oplog's raw size (64 MiB when full) in buffers that lived as long
 * as the snapshot's write, long enough to be promoted: outside-heap garbage that only a full collection frees.
 */
export interface RetainedRun {
  length: number;
  bytes(): Buffer;
}

/**
 * Where each kept change is: its block's number and its offset in that block, the namespace it is about (a code,
 * `ANY_NAMESPACE` when it may concern several), its time and its size, in typed arrays that grow by doubling (a
 * million changes are five arrays, not a million objects or array slots to collect). Time and size are copied out
 * of the bytes so that searching and trimming never inflate a deflated block.
 */
class Locations {
  block = new Uint32Array(1024);
  start = new Uint32Array(1024);
  namespace = new Uint32Array(1024);
  size = new Uint32Array(1024);
  time = new BigUint64Array(1024);
  length = 0;

  push(block: number, start: number, namespace: number, size: number, time: OpTime): void {
    if (this.length === this.block.length) {
      this.block = grow(this.block, this.length * 2);
      this.start = grow(this.start, this.length * 2);
      this.namespace = grow(this.namespace, this.length * 2);
      this.size = grow(this.size, this.length * 2);
      const times = new BigUint64Array(this.length * 2);
      times.set(this.time);
      this.time = times;
    }
    this.block[this.length] = block;
    this.start[this.length] = start;
    this.namespace[this.length] = namespace;
    this.size[this.length] = size;
    this.time[this.length] = time;
    this.length++;
  }

  /** Forgets the first `count` locations. */
  dropFirst(count: number): void {
    this.block.copyWithin(0, count, this.length);
    this.start.copyWithin(0, count, this.length);
    this.namespace.copyWithin(0, count, this.length);
    this.size.copyWithin(0, count, this.length);
    this.time.copyWithin(0, count, this.length);
    this.length -= count;
  }
}

/** The namespace code of a change that may concern several namespaces (or whose bytes say none). */
const ANY_NAMESPACE = 0;

/**
 * Small numbers for namespaces, so a change's namespace is read from its bytes once, when it is appended, and
 * every stream that passes over it after that compares a number instead of reading two strings from the bytes. A
 * transaction's commit (one change of many namespaces) gets a code for the set of namespaces it changed.
 */
class NamespaceCodes {
  private readonly codes = new Map<string, number>();
  /** `names[code - 1]`: the namespaces a code stands for (one, or a transaction's set). */
  private readonly names: { db: string; coll: string }[][] = [];

  codeOf(buf: Buffer, start: number): number {
    const ns = namespaceOfChange(buf, start);
    return ns ? this.codeOfSet([ns]) : ANY_NAMESPACE;
  }

  /** The code of a set of namespaces (in any order, repeats allowed). */
  codeOfSet(namespaces: { db: string; coll: string }[]): number {
    const keys = [...new Set(namespaces.map(({ db, coll }) => `${db}.${coll}`))].sort();
    const key = keys.join('\n');
    let code = this.codes.get(key);
    if (code === undefined) {
      const byKey = new Map(namespaces.map((ns) => [`${ns.db}.${ns.coll}`, ns]));
      this.names.push(keys.map((k) => byKey.get(k) as { db: string; coll: string }));
      code = this.names.length;
      this.codes.set(key, code);
    }
    return code;
  }

  /** `filter`'s answer for each code, asked once per code (and a change of unknown namespaces always concerns it). */
  verdicts(filter: NamespaceFilter): (code: number) => boolean {
    const known: (boolean | undefined)[] = [];
    return (code) => {
      if (code === ANY_NAMESPACE) return true;
      let verdict = known[code];
      if (verdict === undefined)
        verdict = known[code] = this.names[code - 1].some(({ db, coll }) => filter(db, coll));
      return verdict;
    };
  }
}

function grow(array: Uint32Array, size: number): Uint32Array<ArrayBuffer> {
  const bigger = new Uint32Array(size);
  bigger.set(array);
  return bigger;
}

/**
 * The changes of the recent past, in time order, for change streams. Each change is kept as its stored bytes,
 * packed into shared blocks (no object per change to allocate or collect), and decoded only when a stream reads
 * it. A change is visible to readers only once it is durable (`publish`), so a reader never sees a change that a
 * crash could take back. Readers waiting for a change (`waitForChanges`) are woken by the publish itself.
 */
export class Oplog {
  /** The blocks that hold kept changes; `blocks[i]` is block number `firstBlock + i`. */
  private blocks: Block[] = [];
  private firstBlock = 0;
  private readonly at = new Locations();
  private readonly namespaces = new NamespaceCodes();
  /** The block appends go to (raw; `used` of it filled). */
  private block?: Block;
  /** The deflated block read last, inflated: a stream resuming from far back reads a block's changes in a row. */
  private inflated?: { number: number; raw: Buffer };
  /**
   * The raw buffer of the block deflated last, for the next block: raw blocks are never lent out (reads decode a
   * copy, a snapshot gets copies), so one is reused at once instead of waiting, a megabyte at a time, for the
   * garbage collector to free it (V8 lets up to 64 MiB of such outside memory build up between collections).
   */
  private spare?: Buffer;
  /** Index of the first kept change (dropped ones are cut off in batches). */
  private head = 0;
  private visibleEnd = 0;
  /** Positions count every change since the server started; changes cut off the arrays are counted here. */
  private offset = 0;
  private bytes = 0;
  private readonly decoded = new Map<number, OplogEntry>();
  /**
   * Readers waiting for a change: each is woken with true by a publish of a change it cares about (its filter; none:
   * any change), or false on its timeout or at close.
   */
  private readonly waiters = new Map<(changed: boolean) => void, NamespaceFilter | undefined>();
  /** The newest time whose change was dropped; history after it is complete. 0n: nothing was ever dropped. */
  lostUpTo: OpTime = 0n;

  constructor(private limits: OplogLimits) {}

  setLimits(limits: OplogLimits): void {
    this.limits = limits;
  }

  /**
   * Keeps a copy of a change in `encodeChange`'s form; returns its size. `namespaces`: every namespace the change
   * concerns, when the caller knows them (a transaction's commit, whose bytes do not say): streams of other
   * namespaces then pass over it without being woken or decoding it.
   */
  append(payload: Uint8Array, namespaces?: { db: string; coll: string }[]): number {
    let block = this.block;
    if (!block?.raw || block.used + payload.length > block.raw.length) {
      const spare = payload.length <= BLOCK_BYTES ? this.spare : undefined;
      this.spare = undefined;
      block = this.addBlock({
        raw: spare ?? Buffer.allocUnsafe(Math.max(BLOCK_BYTES, payload.length)),
        used: 0,
      });
    }
    const raw = block.raw as Buffer;
    const start = block.used;
    raw.set(payload, start);
    const namespace = namespaces ? this.namespaces.codeOfSet(namespaces) : this.namespaces.codeOf(raw, start);
    this.at.push(this.newestBlock, start, namespace, payload.length, timeOfChange(raw, start));
    block.used += payload.length;
    this.bytes += payload.length;
    return payload.length;
  }

  /**
   * Adopts changes stored back to back in one buffer (a snapshot's history), without decoding them, in blocks of
   * whole changes (copied, so the buffer itself is let go); returns the newest one's time.
   */
  appendPacked(packed: Buffer): OpTime | undefined {
    let newest: OpTime | undefined;
    let from = 0;
    while (from < packed.length) {
      let end = from;
      while (end < packed.length && (end === from || end - from + packed.readInt32LE(end) <= BLOCK_BYTES))
        end += packed.readInt32LE(end);
      const raw = Buffer.from(packed.subarray(from, end));
      this.addBlock({ raw, used: raw.length }); // full: the next append starts a new block
      for (let start = 0; start < raw.length; start += raw.readInt32LE(start)) {
        newest = timeOfChange(raw, start);
        this.at.push(
          this.newestBlock,
          start,
          this.namespaces.codeOf(raw, start),
          raw.readInt32LE(start),
          newest,
        );
      }
      this.bytes += raw.length;
      from = end;
    }
    return newest;
  }

  /** The number of the block appends go to. */
  private get newestBlock(): number {
    return this.firstBlock + this.blocks.length - 1;
  }

  /** Starts a new block for appends, and deflates the block that falls `RAW_BLOCKS` behind it. */
  private addBlock(block: Block): Block {
    this.blocks.push(block);
    this.block = block;
    const old = this.blocks[this.blocks.length - 1 - RAW_BLOCKS];
    const freed = old?.raw && deflateBlock(old);
    if (freed && freed.length === BLOCK_BYTES) this.spare = freed;
    return block;
  }

  /** The position the next appended change will take: what `publish` takes to mean "up to here". */
  get pendingEnd(): number {
    return this.offset + this.at.length;
  }

  /**
   * Makes the changes appended before `upTo` (a `pendingEnd` taken earlier; default: all of them) visible — they
   * are durable now — and wakes the readers that wait for changes.
   */
  publish(upTo = this.pendingEnd): void {
    const end = Math.min(this.at.length, upTo - this.offset);
    if (end <= this.visibleEnd) return;
    // What the new changes concern is read before trimming, which may renumber the kept ones.
    const concerns = this.concernsOf(Math.max(this.visibleEnd, this.head), end);
    this.visibleEnd = end;
    this.trim();
    for (const [wake, filter] of [...this.waiters]) {
      if (!filter || concerns(filter)) wake(true);
    }
  }

  /** Whether the changes in [from, end) include one a filter cares about. */
  private concernsOf(from: number, end: number): (filter: NamespaceFilter) => boolean {
    const codes = new Set<number>();
    for (let index = from; index < end; index++) codes.add(this.at.namespace[index]);
    return (filter) => {
      const concerns = this.namespaces.verdicts(filter);
      for (const code of codes) if (concerns(code)) return true;
      return false;
    };
  }

  /** Set once the server stops: waits end at once. */
  closed = false;

  /** Ends every wait (the server is stopping), so no timer outlives it. */
  close(): void {
    this.closed = true;
    const waiters = new Map(this.waiters);
    this.waiters.clear();
    for (const wake of waiters.keys()) wake(false);
  }

  /**
   * Resolves at the next publish of a change `filter` cares about (any change without one), or after `ms` or when
   * `signal` aborts (false then).
   */
  waitForChanges(ms: number, signal?: AbortSignal, filter?: NamespaceFilter): Promise<boolean> {
    if (this.closed) return Promise.resolve(false);
    return new Promise<boolean>((resolve) => {
      const wake = (changed: boolean): void => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', cancel);
        this.waiters.delete(wake);
        resolve(changed);
      };
      const cancel = (): void => wake(false);
      const timer = setTimeout(cancel, ms);
      signal?.addEventListener('abort', cancel);
      this.waiters.set(wake, filter);
    });
  }

  /** The position of the first visible change after `time`. */
  positionAfter(time: OpTime): number {
    let lo = this.head;
    let hi = this.visibleEnd;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.timeAt(mid) <= time) lo = mid + 1;
      else hi = mid;
    }
    return this.offset + lo;
  }

  /** Visible changes from a position on, at most `max`; the position may have been trimmed away meanwhile. */
  read(position: number, max: number): OplogEntry[] {
    const start = Math.max(position - this.offset, this.head);
    const end = Math.min(this.visibleEnd, start + max);
    const out: OplogEntry[] = [];
    for (let index = start; index < end; index++) out.push(this.entryAt(index));
    return out;
  }

  /**
   * The first position at or after `position` whose change `filter` may care about (by its namespace code,
   * nothing decoded), or `end` when there is none yet.
   */
  nextConcerning(position: number, filter: NamespaceFilter): number {
    const concerns = this.namespaces.verdicts(filter);
    let index = Math.max(position - this.offset, this.head);
    while (index < this.visibleEnd && !concerns(this.at.namespace[index])) index++;
    return this.offset + index;
  }

  /** Position just after the newest visible change. */
  get end(): number {
    return this.offset + this.visibleEnd;
  }

  /** Position of the oldest kept change. */
  get start(): number {
    return this.offset + this.head;
  }

  /**
   * Every kept change's bytes, oldest first, as a few runs of back-to-back payloads, for a snapshot. A raw block's
   * run is copied now (the block may be reused while the snapshot is written); a deflated block's keeps the deflated
   * bytes, which never change, and is inflated only when the snapshot writes it, one block at a time.
   */
  retained(): { runs: RetainedRun[]; count: number } {
    const runs: RetainedRun[] = [];
    let index = this.head;
    while (index < this.visibleEnd) {
      const number = this.at.block[index];
      const from = this.at.start[index];
      while (index < this.visibleEnd && this.at.block[index] === number) index++;
      const end = this.at.start[index - 1] + this.at.size[index - 1];
      const block = this.blocks[number - this.firstBlock];
      if (block.raw) {
        const copy = Buffer.from(block.raw.subarray(from, end));
        runs.push({ length: copy.length, bytes: () => copy });
      } else {
        const deflated = block.deflated as Buffer;
        runs.push({ length: end - from, bytes: () => inflateRawSync(deflated).subarray(from, end) });
      }
    }
    return { runs, count: this.visibleEnd - this.head };
  }

  newestVisibleTime(): OpTime | undefined {
    return this.visibleEnd > this.head ? this.timeAt(this.visibleEnd - 1) : undefined;
  }

  /** The raw bytes of the block that holds change `index` (inflated, and cached, when it is deflated). */
  private blockAt(index: number): Buffer {
    const number = this.at.block[index];
    const block = this.blocks[number - this.firstBlock];
    if (block.raw) return block.raw;
    if (this.inflated?.number !== number)
      this.inflated = { number, raw: inflateRawSync(block.deflated as Buffer) };
    return this.inflated.raw;
  }

  private timeAt(index: number): OpTime {
    return this.at.time[index];
  }

  /** Bytes the kept changes take in memory: raw blocks whole, deflated ones as deflated (for tests and metrics). */
  get heldBytes(): number {
    return this.blocks.reduce((sum, block) => sum + (block.raw?.length ?? block.deflated?.length ?? 0), 0);
  }

  private entryAt(index: number): OplogEntry {
    const position = this.offset + index;
    let entry = this.decoded.get(position);
    if (!entry) {
      const start = this.at.start[index];
      // From a copy: a decoded Binary is a view of the bytes it was decoded from, and raw blocks are reused.
      entry = decodeChange(Buffer.from(this.blockAt(index).subarray(start, start + this.at.size[index])));
      if (this.decoded.size >= DECODED_CACHE) this.decoded.delete(this.decoded.keys().next().value as number);
      this.decoded.set(position, entry);
    }
    return entry;
  }

  private trim(): void {
    const oldest = BigInt(Math.floor((Date.now() - this.limits.windowMs) / 1000)) << 32n;
    let head = this.head;
    while (head < this.visibleEnd && (this.timeAt(head) < oldest || this.bytes > this.limits.maxBytes)) {
      this.bytes -= this.at.size[head];
      this.lostUpTo = this.timeAt(head);
      head++;
    }
    this.head = head;
    // Cut the dropped prefix off now and then, not on every publish (each cut moves the kept part), but often enough
    // that dropped changes never hold more than about an eighth of the blocks; a block goes with its last change.
    if (this.head > 4096 && this.head * 8 > this.at.length) {
      this.at.dropFirst(this.head);
      this.visibleEnd -= this.head;
      this.offset += this.head;
      this.head = 0;
      const firstKept = this.at.length > 0 ? this.at.block[0] : this.newestBlock;
      this.blocks = this.blocks.slice(firstKept - this.firstBlock);
      this.firstBlock = firstKept;
      if (this.inflated && this.inflated.number < firstKept) this.inflated = undefined;
    }
  }
}

/** Keeps a sealed block deflated when that saves memory; returns its raw buffer then, free for reuse. */
function deflateBlock(block: Block): Buffer | undefined {
  const raw = block.raw as Buffer;
  const deflated = deflateRawSync(raw.subarray(0, block.used), { level: 1 });
  if (deflated.length > block.used * (1 - DEFLATE_MIN_SAVING)) return undefined;
  block.deflated = deflated;
  block.raw = undefined;
  return raw;
}
