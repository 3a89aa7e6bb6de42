import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  Long,
  MongoClient,
  MongoNetworkError,
  MongoServerError,
  type ClientSession,
  type Document,
} from 'mongodb';
import { startServer, type RunningServer } from '../../src';

jest.setTimeout(60_000);

interface Doc {
  _id: number;
  n?: number;
}

let dbpath: string;
beforeEach(() => {
  dbpath = fs.mkdtempSync(path.join(os.tmpdir(), 'embedded-mongo-oplog-'));
});
afterEach(() => fs.rmSync(dbpath, { recursive: true, force: true }));

/** Reads a stream's events from a resume point with one aggregate (the first batch holds what is already there). */
async function eventsAfter(client: MongoClient, token: unknown): Promise<Array<Record<string, unknown>>> {
  const reply = await client.db('app').command({
    aggregate: 'docs',
    pipeline: [{ $changeStream: { resumeAfter: token } }],
    cursor: {},
  });
  return reply.cursor.firstBatch as Array<Record<string, unknown>>;
}

async function open(port = 0, options: Partial<Parameters<typeof startServer>[0]> = {}) {
  const server = await startServer({ port, dbpath, ...options });
  const client = new MongoClient(server.uri, { serverSelectionTimeoutMS: 10_000 });
  await client.connect();
  return { server, client, docs: client.db('app').collection<Doc>('docs') };
}

async function close(opened: { server: RunningServer; client: MongoClient }): Promise<void> {
  await opened.client.close();
  await opened.server.stop();
}

test('a change stream resumes after a restart, and after a compaction, from a token taken before', async () => {
  const first = await open();
  const stream = first.docs.watch();
  const reading = stream.next();
  await first.docs.insertOne({ _id: 1 });
  const token = (await reading)._id;
  await stream.close();
  await first.docs.insertOne({ _id: 2 });
  await close(first);

  const second = await open();
  await second.docs.insertOne({ _id: 3 });
  expect((await eventsAfter(second.client, token)).map((e) => e.documentKey)).toEqual([
    { _id: 2 },
    { _id: 3 },
  ]);
  await second.server.compact();
  await close(second);

  const third = await open();
  expect((await eventsAfter(third.client, token)).map((e) => e.documentKey)).toEqual([
    { _id: 2 },
    { _id: 3 },
  ]);
  await close(third);
});

test('a start older than the oplog keeps is refused with ChangeStreamHistoryLost (286)', async () => {
  // A cap so small that each commit pushes out what came before.
  const opened = await open(0, { oplogMaxBytes: 1 });
  const db = opened.client.db('app');
  const early = await db.command({ insert: 'docs', documents: [{ _id: 1 }] });
  await opened.docs.insertMany([{ _id: 2 }, { _id: 3 }]);
  const error = await db
    .command({
      aggregate: 'docs',
      pipeline: [{ $changeStream: { startAtOperationTime: early.operationTime } }],
      cursor: {},
    })
    .catch((err: unknown) => err);
  expect(error).toBeInstanceOf(MongoServerError);
  expect((error as MongoServerError).code).toBe(286);
  await close(opened);
});

test("a retryable write's reply survives a restart: the retry is answered, not applied again", async () => {
  const first = await open();
  const port = first.server.port;
  await first.docs.insertOne({ _id: 1, n: 0 });
  await first.client.close();
  // The same client (and session) across the restart, as a retry after a failover would be.
  const client = new MongoClient(first.server.uri, { serverSelectionTimeoutMS: 10_000 });
  const session: ClientSession = client.startSession();
  const command = {
    update: 'docs',
    updates: [{ q: { _id: 1 }, u: { $inc: { n: 1 } } }],
    txnNumber: Long.fromNumber(500),
  };
  const before = await client.db('app').command(command, { session });
  await first.server.stop();

  const restarted = await startServer({ port, dbpath });
  // The first attempt may meet a connection the restart closed; the driver's own retry would try again.
  let retry: Document | undefined;
  for (let attempt = 0; !retry; attempt++) {
    try {
      retry = await client.db('app').command(command, { session });
    } catch (err) {
      if (!(err instanceof MongoNetworkError) || attempt > 3) throw err;
    }
  }
  expect({ n: retry.n, nModified: retry.nModified }).toEqual({ n: before.n, nModified: before.nModified });
  expect(await client.db('app').collection<Doc>('docs').findOne({ _id: 1 })).toEqual({ _id: 1, n: 1 });
  await session.endSession();
  await client.close();
  await restarted.stop();
});
