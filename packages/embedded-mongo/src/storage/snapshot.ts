import fs from 'node:fs';
import path from 'node:path';
import { Binary, deserialize, serialize } from 'bson';
import type { CollectionOptions } from '../engine/journal-entry';
import type { IndexSpec } from '../engine/index-spec';
import type { Doc } from '../query/document';

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

/** What a snapshot keeps besides the data: the recent changes (for change streams) and retryable writes' replies. */
export interface SnapshotHistory {
  /** Journal-form oplog entries, oldest first. */
  oplog: Doc[];
  /** The newest time whose change is no longer kept (a Timestamp), if any was dropped. */
  lostUpTo?: unknown;
  sessionWrites: Doc[];
}

export interface Snapshot extends SnapshotHistory {
  /** Journals with a generation below this one are contained in the snapshot. */
  gen: number;
  collections: SnapshotCollection[];
  bytes: number;
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

/**
 * Writes the snapshot beside the live one and renames it into place, so a crash leaves either the old or the new
 * snapshot whole. Documents are serialized in chunks, yielding between them, so the server keeps answering.
 */
export async function writeSnapshot(
  dir: string,
  gen: number,
  collections: SnapshotCollection[],
  history: SnapshotHistory,
): Promise<number> {
  const tmp = path.join(dir, 'snapshot.tmp');
  const file = await fs.promises.open(tmp, 'w');
  let bytes = 0;
  const write = async (buffers: Uint8Array[]): Promise<void> => {
    const chunk = Buffer.concat(buffers);
    bytes += chunk.length;
    await file.write(chunk);
  };
  try {
    await write([
      serialize({
        format: FORMAT,
        version: 2,
        gen,
        collections: collections.length,
        oplog: history.oplog.length,
        sessionWrites: history.sessionWrites.length,
        ...(history.lostUpTo ? { lostUpTo: history.lostUpTo } : {}),
      }),
    ]);
    for (const coll of collections) {
      await write([
        serialize({
          db: coll.db,
          name: coll.name,
          uuid: coll.uuid,
          options: coll.options ?? {},
          indexes: coll.indexes,
          count: coll.docs.length,
        }),
      ]);
      for (let i = 0; i < coll.docs.length; i += CHUNK_DOCS) {
        await write(coll.docs.slice(i, i + CHUNK_DOCS).map((doc) => serialize(doc)));
      }
    }
    for (const docs of [history.oplog, history.sessionWrites]) {
      for (let i = 0; i < docs.length; i += CHUNK_DOCS) {
        await write(docs.slice(i, i + CHUNK_DOCS).map((doc) => serialize(doc)));
      }
    }
    await write([serialize({ end: true })]);
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

export function readSnapshot(dir: string): Snapshot | undefined {
  const file = snapshotPath(dir);
  if (!fs.existsSync(file)) return undefined;
  const data = fs.readFileSync(file);
  const { doc: header, next: start } = readDoc(data, 0);
  let offset = start;
  if (header.format !== FORMAT) throw new Error(`${file} is not a snapshot of this server`);
  const collections: SnapshotCollection[] = [];
  for (let c = 0; c < (header.collections as number); c++) {
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
  // Version 1 snapshots (before the oplog) hold no history.
  const readMany = (count: unknown): Doc[] => {
    const docs: Doc[] = [];
    for (let i = 0; i < (typeof count === 'number' ? count : 0); i++) {
      const entry = readDoc(data, offset);
      docs.push(entry.doc);
      offset = entry.next;
    }
    return docs;
  };
  const oplog = readMany(header.oplog);
  const sessionWrites = readMany(header.sessionWrites);
  const trailer = readDoc(data, offset);
  if (trailer.doc.end !== true) throw new Error(`${file} has no end marker`);
  return {
    gen: header.gen as number,
    collections,
    bytes: data.length,
    oplog,
    sessionWrites,
    lostUpTo: header.lostUpTo,
  };
}
