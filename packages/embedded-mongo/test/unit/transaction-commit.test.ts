import { MongoClient, ObjectId } from 'mongodb';
import { startServer, type RunningServer } from '../../src';

/**
 * A commit skips its trial run only when nothing was committed since its snapshot (replication/apply-atomically.ts).
 * Here something was: a document taking the same unique key, which the transaction's snapshot did not show. The
 * commit must fail and apply nothing (mongod would have refused one of the two writes earlier; this server finds
 * it at the commit). And a claim on a document keyed by its ObjectId `_id` (transactions.ts keeps those as hex)
 * still makes the second writer's statement a WriteConflict.
 */
let server: RunningServer;
let client: MongoClient;
beforeAll(async () => {
  server = await startServer({ port: 0 });
  client = await new MongoClient(server.uri).connect();
});
afterAll(async () => {
  await client.close();
  await server.stop();
});

test('a unique key taken after the snapshot fails the commit whole; without it the same commit applies', async () => {
  const coll = client.db('commit-trial').collection<{ _id: number; key: string }>('docs');
  await coll.createIndex({ key: 1 }, { unique: true });
  const session = client.startSession();
  try {
    session.startTransaction();
    await coll.insertOne({ _id: 1, key: 'a' }, { session });
    await coll.insertOne({ _id: 2, key: 'b' }, { session });
    await coll.insertOne({ _id: 3, key: 'b' }); // committed beside the transaction
    await expect(session.commitTransaction()).rejects.toMatchObject({ code: 11000 });
    expect(await coll.find().sort({ _id: 1 }).toArray()).toEqual([{ _id: 3, key: 'b' }]);

    session.startTransaction();
    await coll.insertOne({ _id: 4, key: 'c' }, { session });
    await coll.insertOne({ _id: 5, key: 'd' }, { session });
    await session.commitTransaction();
    expect(await coll.countDocuments()).toBe(3);
  } finally {
    await session.endSession();
  }
});

test('two transactions writing one document with an ObjectId _id: the second gets WriteConflict', async () => {
  const coll = client.db('commit-trial').collection<{ _id: ObjectId; n: number }>('counts');
  const _id = new ObjectId();
  await coll.insertOne({ _id, n: 0 });
  const [first, second] = [client.startSession(), client.startSession()];
  try {
    first.startTransaction();
    second.startTransaction();
    await coll.updateOne({ _id }, { $inc: { n: 1 } }, { session: first });
    await expect(
      coll.updateOne({ _id: new ObjectId(_id.toHexString()) }, { $inc: { n: 1 } }, { session: second }),
    ).rejects.toMatchObject({
      code: 112,
    });
    await first.commitTransaction();
    expect(await coll.findOne({ _id })).toEqual({ _id, n: 1 });
  } finally {
    await second.abortTransaction().catch(() => undefined);
    await Promise.all([first.endSession(), second.endSession()]);
  }
});
