import { MongoClient } from 'mongodb';
import { startServer, type RunningServer } from '../../src';
import { expectServerError, sleep } from './helpers';

// The idle timeout is a server setting: this test needs its own embedded server with a short timeout, so it
// cannot run against an external MongoDB.
const embeddedOnly = process.env.MONGODB_URI ? test.skip : test;

let server: RunningServer | undefined;
let client: MongoClient | undefined;

afterAll(async () => {
  await client?.close();
  await server?.stop();
});

embeddedOnly(
  'an idle cursor is closed after the cursor timeout and getMore then fails with CursorNotFound',
  async () => {
    server = await startServer({ port: 0, cursorTimeoutMs: 200 });
    client = new MongoClient(server.uri, { serverSelectionTimeoutMS: 5000 });
    const coll = client.db('timeout').collection<{ _id: number }>('docs');
    await coll.insertMany(Array.from({ length: 10 }, (_, i) => ({ _id: i })));

    const cursor = coll.find().batchSize(2);
    expect(await cursor.next()).toEqual({ _id: 0 });
    expect(await cursor.next()).toEqual({ _id: 1 });
    // Idle for several timeouts; the sweep must have closed the cursor by then.
    await sleep(1500);
    await expectServerError(cursor.next(), 43, 'CursorNotFound');
    await cursor.close().catch(() => undefined);
  },
);
