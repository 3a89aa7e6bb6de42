import { MongoClient, MongoServerError, type ClientSession } from 'mongodb';
import { startServer } from '../../src';
import { expectServerError, freshCollection, useTestDatabase, watch, type TestDoc } from './helpers';

const database = useTestDatabase();

async function inSession<T>(fn: (session: ClientSession) => Promise<T>): Promise<T> {
  const session = database().client.startSession();
  try {
    return await fn(session);
  } finally {
    await session.endSession();
  }
}

describe('multi-document transactions', () => {
  test('withTransaction commits every write at once; outside readers see none of them before the commit', async () => {
    const { db } = database();
    const accounts = freshCollection(db);
    const ledger = freshCollection(db);
    await accounts.insertMany([
      { _id: 'alice', balance: 100 },
      { _id: 'bob', balance: 0 },
    ]);
    await inSession((session) =>
      session.withTransaction(async () => {
        await accounts.updateOne({ _id: 'alice' }, { $inc: { balance: -30 } }, { session });
        await accounts.updateOne({ _id: 'bob' }, { $inc: { balance: 30 } }, { session });
        await ledger.insertOne({ _id: 'transfer-1', amount: 30 }, { session });
        // Inside: the transaction's own writes. Outside: the state before it.
        expect(await accounts.findOne({ _id: 'alice' }, { session })).toEqual({ _id: 'alice', balance: 70 });
        expect(await accounts.findOne({ _id: 'alice' })).toEqual({ _id: 'alice', balance: 100 });
        expect(await ledger.countDocuments({})).toBe(0);
      }),
    );
    expect(await accounts.find().sort({ _id: 1 }).toArray()).toEqual([
      { _id: 'alice', balance: 70 },
      { _id: 'bob', balance: 30 },
    ]);
    expect(await ledger.findOne({ _id: 'transfer-1' })).toEqual({ _id: 'transfer-1', amount: 30 });
  });

  test('an aborted transaction leaves nothing behind, not even the collection it created', async () => {
    const { db } = database();
    const coll = freshCollection(db);
    await inSession(async (session) => {
      session.startTransaction();
      await coll.insertOne({ _id: 1 }, { session });
      await session.abortTransaction();
    });
    expect(await coll.countDocuments()).toBe(0);
    const names = (await db.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name);
    expect(names).not.toContain(coll.collectionName);
  });

  test('reads inside a transaction see the snapshot of its start, not later commits from outside', async () => {
    const coll = freshCollection(database().db);
    await coll.insertOne({ _id: 1, v: 'before' });
    await inSession(async (session) => {
      session.startTransaction();
      expect(await coll.findOne({ _id: 1 }, { session })).toEqual({ _id: 1, v: 'before' });
      await coll.updateOne({ _id: 1 }, { $set: { v: 'after' } });
      await coll.insertOne({ _id: 2 });
      expect(await coll.find({}, { session }).toArray()).toEqual([{ _id: 1, v: 'before' }]);
      await session.commitTransaction();
    });
  });

  test('two transactions writing one document: the second gets WriteConflict (112), a transient error', async () => {
    const coll = freshCollection(database().db);
    await coll.insertOne({ _id: 1, n: 0 });
    await inSession((first) =>
      inSession(async (second) => {
        first.startTransaction();
        second.startTransaction();
        await coll.updateOne({ _id: 1 }, { $inc: { n: 1 } }, { session: first });
        const error = await expectServerError(
          coll.updateOne({ _id: 1 }, { $inc: { n: 10 } }, { session: second }),
          112,
          'WriteConflict',
        );
        expect(error.hasErrorLabel('TransientTransactionError')).toBe(true);
        await first.commitTransaction();
        await second.abortTransaction().catch(() => undefined);
      }),
    );
    expect(await coll.findOne({ _id: 1 })).toEqual({ _id: 1, n: 1 });
  });

  test('a document changed outside after the snapshot cannot be written in it; withTransaction retries', async () => {
    const coll = freshCollection(database().db);
    await coll.insertOne({ _id: 1, n: 0 });
    let attempts = 0;
    await inSession((session) =>
      session.withTransaction(async () => {
        attempts++;
        await coll.findOne({ _id: 1 }, { session }); // the snapshot starts here
        if (attempts === 1) await coll.updateOne({ _id: 1 }, { $inc: { n: 100 } }); // a commit from outside
        await coll.updateOne({ _id: 1 }, { $inc: { n: 1 } }, { session });
      }),
    );
    expect(attempts).toBe(2);
    expect(await coll.findOne({ _id: 1 })).toEqual({ _id: 1, n: 101 });
  });

  test('a failed statement aborts the transaction: later statements and the commit get NoSuchTransaction', async () => {
    const coll = freshCollection(database().db);
    await coll.insertOne({ _id: 1 });
    await inSession(async (session) => {
      session.startTransaction();
      await coll.insertOne({ _id: 2 }, { session });
      await expectServerError(coll.insertOne({ _id: 1 }, { session }), 11000);
      const error = await expectServerError(
        coll.insertOne({ _id: 3 }, { session }),
        251,
        'NoSuchTransaction',
      );
      expect(error.hasErrorLabel('TransientTransactionError')).toBe(true);
      await session.abortTransaction().catch(() => undefined);
    });
    expect(await coll.find().toArray()).toEqual([{ _id: 1 }]);
  });

  test('commands a transaction cannot run are refused with OperationNotSupportedInTransaction (263)', async () => {
    const { db } = database();
    await inSession(async (session) => {
      session.startTransaction();
      await expectServerError(db.command({ count: 'anything' }, { session }), 263);
      await session.abortTransaction().catch(() => undefined);
    });
  });

  test('commitTransaction retried after a commit answers ok and applies nothing twice', async () => {
    const { db } = database();
    const coll = freshCollection(db);
    await inSession(async (session) => {
      session.startTransaction();
      await coll.updateOne({ _id: 1 }, { $inc: { n: 1 } }, { session, upsert: true });
      await session.commitTransaction();
      // The driver retries a commit whose reply was lost; the server must say ok again.
      await session.commitTransaction();
    });
    expect(await coll.findOne({ _id: 1 })).toEqual({ _id: 1, n: 1 });
  });

  test('ending a session (endSessions) aborts its open transaction', async () => {
    const { client, db } = database();
    const coll = freshCollection(db);
    await inSession(async (session) => {
      session.startTransaction();
      await coll.insertOne({ _id: 1 }, { session });
      await client.db('admin').command({ endSessions: [session.id] });
      await expectServerError(session.commitTransaction(), 251, 'NoSuchTransaction');
    });
    expect(await coll.countDocuments()).toBe(0);
  });

  test("a committed transaction's change events share one cluster time and carry its session", async () => {
    const { db } = database();
    const coll = freshCollection(db);
    const stream = await watch(coll);
    await inSession((session) =>
      session.withTransaction(async () => {
        await coll.insertOne({ _id: 1 }, { session });
        await coll.insertOne({ _id: 2 }, { session });
      }),
    );
    const first = (await stream.next()) as unknown as Record<string, unknown>;
    const second = (await stream.next()) as unknown as Record<string, unknown>;
    expect(first).toMatchObject({
      operationType: 'insert',
      documentKey: { _id: 1 },
      txnNumber: expect.anything(),
    });
    expect(second).toMatchObject({ operationType: 'insert', documentKey: { _id: 2 } });
    expect(second.clusterTime).toEqual(first.clusterTime); // one commit, one time
    expect(first.lsid).toEqual(second.lsid);
    await stream.close();
  });
});

// The lifetime limit is a server setting (mongod's transactionLifetimeLimitSeconds): this test needs its own
// embedded server with a short one, so it cannot run against an external MongoDB.
const embeddedOnly = process.env.MONGODB_URI ? test.skip : test;

embeddedOnly(
  'a transaction open longer than its lifetime limit is aborted: its commit gets NoSuchTransaction',
  async () => {
    const server = await startServer({ port: 0, transactionLifetimeMs: 100 });
    const client = new MongoClient(server.uri, { serverSelectionTimeoutMS: 5000 });
    try {
      const coll = client.db('lifetime').collection<TestDoc>('docs');
      await coll.insertOne({ _id: 0 });
      const session = client.startSession();
      session.startTransaction();
      await coll.insertOne({ _id: 1 }, { session });
      // Wait until the server has aborted it: a read in the transaction then fails (a condition, not a fixed sleep).
      await waitForAbort(() => coll.findOne({ _id: 1 }, { session }));
      await expectServerError(session.commitTransaction(), 251, 'NoSuchTransaction');
      await session.endSession();
      expect(await coll.countDocuments()).toBe(1);
    } finally {
      await client.close();
      await server.stop();
    }
  },
);

async function waitForAbort(read: () => Promise<unknown>): Promise<void> {
  for (;;) {
    try {
      await read();
    } catch (err) {
      if (err instanceof MongoServerError && err.code === 251) return;
      throw err;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
