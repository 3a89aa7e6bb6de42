import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { serialize, Timestamp, type Document } from 'bson';
import { MongoClient } from 'mongodb';
import { startServer } from '../../src';

/**
 * Data directories written before changes were stored with their time first (snapshot version 2, and journals
 * with `ts` as the last field) still open, with their history intact for change streams.
 */
jest.setTimeout(30_000);

let dbpath: string;
beforeEach(() => {
  dbpath = fs.mkdtempSync(path.join(os.tmpdir(), 'embedded-mongo-older-'));
});
afterEach(() => fs.rmSync(dbpath, { recursive: true, force: true }));

const SECONDS = Math.floor(Date.now() / 1000) - 60;
const at = (i: number): Timestamp => new Timestamp({ t: SECONDS, i });
/** A change as those versions stored it: the time last. */
const oldChange = (i: number): Document => ({
  op: 'insert',
  db: 'app',
  coll: 'docs',
  doc: { _id: i },
  wall: 5,
  ts: at(i),
});

function writeVersion2Snapshot(changes: Document[]): void {
  const parts = [
    serialize({
      format: 'devcircle-embedded-mongo-snapshot',
      version: 2,
      gen: 1,
      collections: 1,
      oplog: changes.length,
      sessionWrites: 0,
    }),
    serialize({
      db: 'app',
      name: 'docs',
      options: {},
      indexes: [{ v: 2, key: { _id: 1 }, name: '_id_' }],
      count: changes.length,
    }),
    ...changes.map((change) => serialize(change.doc as Document)),
    ...changes.map((change) => serialize(change)),
    serialize({ end: true }),
  ];
  fs.writeFileSync(path.join(dbpath, 'snapshot.bson'), Buffer.concat(parts));
}

function writeJournal(gen: number, changes: Document[]): void {
  const frames = changes.map((change) => {
    const payload = serialize(change);
    const header = Buffer.alloc(8);
    header.writeUInt32LE(payload.length, 0);
    header.writeUInt32LE(crc32(payload), 4);
    return Buffer.concat([header, payload]);
  });
  fs.writeFileSync(path.join(dbpath, `journal.${String(gen).padStart(8, '0')}.log`), Buffer.concat(frames));
}

test('a version 2 snapshot and an old journal open with their documents and their change history', async () => {
  writeVersion2Snapshot([oldChange(1), oldChange(2)]);
  writeJournal(1, [oldChange(3)]);
  const server = await startServer({ port: 0, dbpath });
  const client = new MongoClient(server.uri);
  try {
    const db = client.db('app');
    expect(await db.collection('docs').find().sort({ _id: 1 }).toArray()).toEqual([
      { _id: 1 },
      { _id: 2 },
      { _id: 3 },
    ]);
    const reply = await db.command({
      aggregate: 'docs',
      pipeline: [{ $changeStream: { startAtOperationTime: at(2) } }],
      cursor: {},
    });
    const events = reply.cursor.firstBatch as Document[];
    expect(events.map((event) => [event.documentKey, event.clusterTime])).toEqual([
      [{ _id: 2 }, at(2)],
      [{ _id: 3 }, at(3)],
    ]);
    // New writes come after the restored history in time.
    const { operationTime } = await db.command({ insert: 'docs', documents: [{ _id: 4 }] });
    expect((operationTime as Timestamp).greaterThan(at(3))).toBe(true);
  } finally {
    await client.close();
    await server.stop();
  }
});
