import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MongoClient, MongoServerError } from 'mongodb';
import { startServer, type RunningServer } from '../../src';

/** Tests use plain numbers and strings as ids. */
interface AnyIdDoc {
  _id?: number | string;
  [key: string]: unknown;
}

let dbpath: string;
beforeEach(() => {
  dbpath = fs.mkdtempSync(path.join(os.tmpdir(), 'embedded-mongo-restart-'));
});
afterEach(() => fs.rmSync(dbpath, { recursive: true, force: true }));

async function withServer<T>(
  options: { compactAfterBytes?: number },
  work: (client: MongoClient, server: RunningServer) => Promise<T>,
): Promise<T> {
  const server = await startServer({ port: 0, dbpath, ...options });
  const client = new MongoClient(server.uri);
  try {
    await client.connect();
    return await work(client, server);
  } finally {
    await client.close();
    await server.stop();
  }
}

test('documents, updates, deletes, indexes and drops survive a restart', async () => {
  await withServer({}, async (client) => {
    const db = client.db('app');
    const users = db.collection<{ _id: number; email: string; n: number }>('users');
    await users.createIndex({ email: 1 }, { unique: true });
    await users.insertMany([
      { _id: 1, email: 'a@x.dev', n: 1 },
      { _id: 2, email: 'b@x.dev', n: 2 },
      { _id: 3, email: 'c@x.dev', n: 3 },
    ]);
    await users.updateOne({ _id: 2 }, { $inc: { n: 40 }, $set: { tags: ['x'] } });
    await users.deleteOne({ _id: 3 });
    await db.collection('scratch').insertOne({ temporary: true });
    await db.collection('scratch').drop();
    await client.db('gone').collection('c').insertOne({ a: 1 });
    await client.db('gone').dropDatabase();
  });
  await withServer({}, async (client) => {
    const db = client.db('app');
    expect(await db.collection('users').find().sort({ _id: 1 }).toArray()).toEqual([
      { _id: 1, email: 'a@x.dev', n: 1 },
      { _id: 2, email: 'b@x.dev', n: 42, tags: ['x'] },
    ]);
    expect((await db.listCollections().toArray()).map((c) => c.name)).toEqual(['users']);
    expect((await client.db().admin().listDatabases()).databases.map((d) => d.name)).not.toContain('gone');
    // The unique index came back too, and still refuses duplicates.
    expect((await db.collection('users').indexes()).map((i) => i.name)).toEqual(['_id_', 'email_1']);
    await expect(db.collection('users').insertOne({ email: 'a@x.dev' })).rejects.toMatchObject({
      code: 11000,
    });
  });
});

test('compaction writes a snapshot, drops replayed journals, and the data reopens identical', async () => {
  const expected = await withServer({ compactAfterBytes: 64 * 1024 }, async (client) => {
    const posts = client.db('app').collection<AnyIdDoc>('posts');
    for (let batch = 0; batch < 20; batch++) {
      await posts.insertMany(
        Array.from({ length: 50 }, (_, i) => ({ _id: batch * 50 + i, body: 'x'.repeat(200), batch })),
      );
      await posts.updateMany({ batch }, { $set: { seen: true } });
    }
    await posts.deleteMany({ batch: { $lt: 5 } });
    return posts.find().sort({ _id: 1 }).toArray();
  });
  const files = fs.readdirSync(dbpath);
  expect(files).toContain('snapshot.bson');
  expect(files.filter((f) => f.startsWith('journal.')).length).toBeLessThanOrEqual(2);
  await withServer({}, async (client) => {
    const posts = client.db('app').collection<AnyIdDoc>('posts');
    expect(await posts.find().sort({ _id: 1 }).toArray()).toEqual(expected);
    expect(expected).toHaveLength(750);
  });
});

test('an explicit compaction keeps every write and the server keeps serving during it', async () => {
  await withServer({}, async (client, server) => {
    const c = client.db('app').collection<AnyIdDoc>('c');
    await c.insertMany(Array.from({ length: 2000 }, (_, i) => ({ _id: i })));
    const compacting = server.compact();
    await c.insertOne({ _id: 'during' });
    await compacting;
    await c.insertOne({ _id: 'after' });
  });
  await withServer({}, async (client) => {
    const c = client.db('app').collection<AnyIdDoc>('c');
    expect(await c.countDocuments()).toBe(2002);
    expect(await c.findOne({ _id: 'during' })).not.toBeNull();
  });
});

test('a torn journal tail (a crash mid-append) is ignored and the store opens', async () => {
  await withServer({}, async (client) => {
    await client
      .db('app')
      .collection<AnyIdDoc>('c')
      .insertMany([{ _id: 1 }, { _id: 2 }]);
  });
  const journal = fs
    .readdirSync(dbpath)
    .filter((f) => f.startsWith('journal.'))
    .sort()
    .at(-1) as string;
  // A frame header that promises more bytes than follow, as an interrupted write leaves behind.
  fs.appendFileSync(path.join(dbpath, journal), Buffer.from([0xff, 0x00, 0x00, 0x00, 1, 2, 3, 4, 5, 6]));
  await withServer({}, async (client) => {
    const c = client.db('app').collection<AnyIdDoc>('c');
    expect(await c.find().sort({ _id: 1 }).toArray()).toEqual([{ _id: 1 }, { _id: 2 }]);
    await c.insertOne({ _id: 3 });
  });
  await withServer({}, async (client) => {
    expect(await client.db('app').collection<AnyIdDoc>('c').countDocuments()).toBe(3);
  });
});

test('a second server on the same data directory is refused with a clear message', async () => {
  await withServer({}, async () => {
    await expect(startServer({ port: 0, dbpath })).rejects.toThrow(
      /already in use by another embedded-mongo server/,
    );
  });
  // Once the first has stopped, the directory is free again.
  const again = await startServer({ port: 0, dbpath });
  await again.stop();
});

test('a failed write is reported and leaves nothing behind after a restart', async () => {
  await withServer({}, async (client) => {
    const c = client.db('app').collection<{ _id: number; k: string }>('c');
    await c.createIndex({ k: 1 }, { unique: true });
    await c.insertOne({ _id: 1, k: 'a' });
    await expect(c.insertOne({ _id: 2, k: 'a' })).rejects.toBeInstanceOf(MongoServerError);
    // k holds a string, so this $inc is deliberately ill-typed: through an untyped handle.
    const untyped = client.db('app').collection<{ _id: number; k: number }>('c');
    await expect(untyped.updateOne({ _id: 1 }, { $inc: { k: 1 } })).rejects.toMatchObject({ code: 14 });
  });
  await withServer({}, async (client) => {
    expect(await client.db('app').collection<AnyIdDoc>('c').find().toArray()).toEqual([{ _id: 1, k: 'a' }]);
  });
});
