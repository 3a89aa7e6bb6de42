import fs from 'node:fs';
import path from 'node:path';
import { Binary, deserialize, serialize, Timestamp } from 'bson';
import type { CollectionOptions, JournalEntry } from '../engine/journal-entry';
import { fromTimestamp } from '../replication/clock';
import { encodeChange, type RetainedRun, type SessionStamp } from '../replication/oplog';
import type { IndexSpec } from '../engine/index-spec';
import type { Doc } from '../query/document';
import { documentBytes } from '../engine/record';

const FORMAT = 'devcircle-embedded-mongo-snapshot';
const CHUNK_DOCS = 5000;

export interface SnapshotCollection {
  db: string;
  name: string;
  uuid?: Binary;
  options?: CollectionOptions;
  indexes: IndexSpec[];
  docs: Doc[];
}

/**
 * A collection as a snapshot writes it: its documents as they are stored (BSON bytes in one-byte strings, see
 * engine/record.ts), written as they are; the file holds the same BSON documents either way.
 */
export interface StoredCollection extends Omit<SnapshotCollection, 'docs'> {
  stored: string[];
}

/** What a snapshot keeps besides the data: the recent changes (for change streams) and retryable writes' replies. */
export interface SnapshotHistory {
  /** The oplog's changes in their stored form, oldest first, as runs of back-to-back payloads. */
  oplog: { runs: RetainedRun[]; count: number };
  /** The newest time whose change is no longer kept (a Timestamp), if any was dropped. */
  lostUpTo?: unknown;
  sessionWrites: Doc[];
}

export interface Snapshot {
  /** Journals with a generation below this one are contained in the snapshot. */
  gen: number;
  collections: SnapshotCollection[];
  bytes: number;
  /** The oplog's changes back to back in their stored form, in a buffer of their own (the file's is let go). */
  oplog: Buffer;
  oplogCount: number;
  lostUpTo?: unknown;
  sessionWrites: Doc[];
}

export const snapshotPath = (dir: string): string => path.join(dir, 'snapshot.bson');

function fsyncDir(dir: string): void {
  const fd = fs.openSync(dir, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** Writes all of `chunk` at the file's current position. */
function writeAllSync(fd: number, chunk: Buffer): number {
  let at = 0;
  while (at < chunk.length) at += fs.writeSync(fd, chunk, at, chunk.length - at);
  return chunk.length;
}

/** Lets the server answer what arrived while the snapshot is being written. */
const yieldToServer = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * Writes the snapshot beside the live one and renames it into place, so a crash leaves either the old or the new
 * snapshot whole. It is written a chunk at a time (5,000 documents, or one oplog block), yielding between chunks so
 * the server keeps answering. Each chunk is made, written synchronously and dropped before the yield: a chunk
 * held over an asynchronous write lived long enough to be promoted, and only a full collection frees an old
 * buffer, so every snapshot passed its own size (a quarter of a GiB at 1,000,000 posts) through memory outside the
 * heap that waited for full collections.
 */
export async function writeSnapshot(
  dir: string,
  gen: number,
  collections: StoredCollection[],
  history: SnapshotHistory,
): Promise<number> {
  const tmp = path.join(dir, 'snapshot.tmp');
  const file = await fs.promises.open(tmp, 'w');
  let bytes = 0;
  // Synchronous on purpose (see above): the buffers never outlive the call.
  const write = (make: () => Uint8Array[]): Promise<void> => {
    bytes += writeAllSync(file.fd, Buffer.concat(make()));
    return yieldToServer();
  };
  try {
    await write(() => [
      serialize({
        format: FORMAT,
        version: 3,
        gen,
        collections: collections.length,
        oplog: history.oplog.count,
        oplogBytes: history.oplog.runs.reduce((sum, run) => sum + run.length, 0),
        sessionWrites: history.sessionWrites.length,
        ...(history.lostUpTo ? { lostUpTo: history.lostUpTo } : {}),
      }),
    ]);
    // The history first, its size in the header: a start reads it straight into a buffer of its own.
    for (const run of history.oplog.runs) await write(() => [run.bytes()]);
    for (const coll of collections) {
      await write(() => [
        serialize({
          db: coll.db,
          name: coll.name,
          uuid: coll.uuid,
          options: coll.options ?? {},
          indexes: coll.indexes,
          count: coll.stored.length,
        }),
      ]);
      for (let i = 0; i < coll.stored.length; i += CHUNK_DOCS) {
        await write(() => coll.stored.slice(i, i + CHUNK_DOCS).map(documentBytes));
      }
    }
    for (let i = 0; i < history.sessionWrites.length; i += CHUNK_DOCS) {
      await write(() => history.sessionWrites.slice(i, i + CHUNK_DOCS).map((doc) => serialize(doc)));
    }
    await write(() => [serialize({ end: true })]);
    await file.sync();
  } finally {
    await file.close();
  }
  fs.renameSync(tmp, snapshotPath(dir));
  fsyncDir(dir);
  return bytes;
}

function readDoc(data: Buffer, offset: number): { doc: Doc; next: number } {
  const size = data.readInt32LE(offset);
  if (size < 5 || offset + size > data.length) throw new Error(`snapshot is truncated at byte ${offset}`);
  return {
    doc: deserialize(data.subarray(offset, offset + size), { promoteLongs: true }) as Doc,
    next: offset + size,
  };
}

function readCollections(
  data: Buffer,
  offset: number,
  count: number,
): { collections: SnapshotCollection[]; next: number } {
  const collections: SnapshotCollection[] = [];
  for (let c = 0; c < count; c++) {
    const read = readDoc(data, offset);
    offset = read.next;
    const meta = read.doc;
    const docs: Doc[] = new Array(meta.count as number);
    for (let i = 0; i < docs.length; i++) {
      const entry = readDoc(data, offset);
      docs[i] = entry.doc;
      offset = entry.next;
    }
    collections.push({
      db: meta.db as string,
      name: meta.name as string,
      uuid: meta.uuid instanceof Binary ? meta.uuid : undefined,
      options: (meta.options as CollectionOptions | undefined) ?? {},
      indexes: meta.indexes as IndexSpec[],
      docs,
    });
  }
  return { collections, next: offset };
}

/** Skips `count` BSON documents stored back to back; returns where they end. */
function skipDocs(data: Buffer, offset: number, count: number): number {
  for (let i = 0; i < count; i++) {
    const size = data.readInt32LE(offset);
    if (size < 5 || offset + size > data.length) throw new Error(`snapshot is truncated at byte ${offset}`);
    offset += size;
  }
  return offset;
}

function readBytes(fd: number, length: number, position: number): Buffer {
  const buffer = Buffer.allocUnsafe(length);
  let read = 0;
  while (read < length) {
    const n = fs.readSync(fd, buffer, read, length - read, position + read);
    if (n === 0) throw new Error(`snapshot is truncated at byte ${position + read}`);
    read += n;
  }
  return buffer;
}

/**
 * Reads the snapshot. Version 3 keeps the oplog's history right after the header, its size there, so it is read
 * into a buffer of its own and kept as it is; versions 1 (no history) and 2 (history after the data, time last)
 * are read whole and converted.
 */
export function readSnapshot(dir: string): Snapshot | undefined {
  const file = snapshotPath(dir);
  if (!fs.existsSync(file)) return undefined;
  const fd = fs.openSync(file, 'r');
  let header: Doc;
  let oplog: Buffer;
  let data: Buffer;
  let offset: number;
  let fileBytes: number;
  try {
    fileBytes = fs.fstatSync(fd).size;
    if (fileBytes < 4) throw new Error(`${file} is truncated`);
    const headerBytes = readBytes(fd, 4, 0).readInt32LE(0);
    header = readDoc(readBytes(fd, Math.min(headerBytes, fileBytes), 0), 0).doc;
    if (header.format !== FORMAT) throw new Error(`${file} is not a snapshot of this server`);
    if ((header.version as number) >= 3) {
      const oplogBytes = header.oplogBytes as number;
      oplog = readBytes(fd, oplogBytes, headerBytes);
      data = readBytes(fd, fileBytes - headerBytes - oplogBytes, headerBytes + oplogBytes);
      offset = 0;
    } else {
      data = readBytes(fd, fileBytes, 0);
      offset = headerBytes;
      oplog = Buffer.alloc(0);
    }
  } finally {
    fs.closeSync(fd);
  }
  const read = readCollections(data, offset, header.collections as number);
  offset = read.next;
  const oplogCount = typeof header.oplog === 'number' ? header.oplog : 0;
  if ((header.version as number) < 3) {
    const oplogStart = offset;
    offset = skipDocs(data, offset, oplogCount);
    oplog = reencodeChanges(data.subarray(oplogStart, offset), oplogCount);
  }
  const sessionWrites: Doc[] = [];
  for (let i = 0; i < (typeof header.sessionWrites === 'number' ? header.sessionWrites : 0); i++) {
    const entry = readDoc(data, offset);
    sessionWrites.push(entry.doc);
    offset = entry.next;
  }
  const trailer = readDoc(data, offset);
  if (trailer.doc.end !== true) throw new Error(`${file} has no end marker`);
  return {
    gen: header.gen as number,
    collections: read.collections,
    bytes: fileBytes,
    oplog,
    oplogCount,
    sessionWrites,
    lostUpTo: header.lostUpTo,
  };
}

/** Version 2 kept each change with its time last; the oplog reads the time from the front (`encodeChange`). */
function reencodeChanges(packed: Buffer, count: number): Buffer {
  const out: Buffer[] = [];
  let offset = 0;
  for (let i = 0; i < count; i++) {
    const { doc, next } = readDoc(packed, offset);
    offset = next;
    const { ts, wall, session, ...entry } = doc;
    out.push(
      encodeChange(
        entry as JournalEntry,
        fromTimestamp(ts as Timestamp),
        wall as number,
        session as SessionStamp,
      ),
    );
  }
  return Buffer.concat(out);
}
