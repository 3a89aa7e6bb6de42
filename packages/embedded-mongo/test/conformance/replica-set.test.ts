import { Binary, Long, MongoClient, Timestamp, type Document } from 'mongodb';
import { expectServerError, freshCollection, monitoredClient, serverUri, useTestDatabase } from './helpers';

const database = useTestDatabase();

test('hello describes a replica set whose primary is the server itself', async () => {
  const hello = await database().db.admin().command({ hello: 1 });
  expect(hello).toMatchObject({ isWritablePrimary: true, secondary: false, setName: expect.any(String) });
  expect(hello.hosts).toContain(hello.me);
  expect(hello.primary).toBe(hello.me);
  expect(hello.setVersion).toEqual(expect.any(Number));
  expect(hello.electionId).toBeDefined();
  expect(hello.logicalSessionTimeoutMinutes).toBe(30);
});

test('the driver discovers a replica set with a primary', async () => {
  const client = new MongoClient(serverUri(database()), { serverSelectionTimeoutMS: 5000 });
  const types: string[] = [];
  client.on('topologyDescriptionChanged', (event) => types.push(event.newDescription.type));
  try {
    await client.connect();
    expect(types).toContain('ReplicaSetWithPrimary');
  } finally {
    await client.close();
  }
});

test('every reply carries $clusterTime and operationTime, and a write moves them forward', async () => {
  const t = database();
  const monitored = await monitoredClient(t);
  const replies: Document[] = [];
  monitored.client.on('commandSucceeded', (event) => replies.push(event.reply as Document));
  try {
    const coll = monitored.db.collection('clock');
    await coll.findOne({});
    await coll.insertOne({ at: 1 });
    await coll.findOne({});
    const times = replies.filter((r) => r.operationTime).map((r) => r.operationTime as Timestamp);
    expect(times.length).toBeGreaterThanOrEqual(3);
    for (const reply of replies.filter((r) => r.operationTime)) {
      expect(reply.$clusterTime.clusterTime).toBeInstanceOf(Timestamp);
      expect(reply.$clusterTime.signature).toEqual({ hash: expect.any(Binary), keyId: expect.anything() });
    }
    const [read, write, after] = times.slice(-3);
    expect(write.greaterThan(read)).toBe(true);
    expect(after.equals(write) || after.greaterThan(write)).toBe(true);
  } finally {
    await monitored.close();
  }
});

describe('retryable writes', () => {
  test('the driver sends its writes as retryable (lsid and txnNumber) and they succeed', async () => {
    const t = database();
    const monitored = await monitoredClient(t);
    try {
      await monitored.db.collection('retry').insertOne({ x: 1 });
      const insert = monitored.commands.find((c) => c.commandName === 'insert');
      expect(insert?.command.txnNumber).toBeDefined();
      expect(insert?.command.lsid).toBeDefined();
    } finally {
      await monitored.close();
    }
  });

  test('a write retried with the same session and txnNumber is applied once and answered the same', async () => {
    const { db } = database();
    const coll = freshCollection(db);
    await coll.insertOne({ _id: 1, n: 0 });
    // The driver puts the session's id in `lsid`; the txnNumber is the one a retry would resend. The driver's
    // pooled sessions count their own writes from 1, so this test numbers its writes far above them.
    const session = database().client.startSession();
    const command = {
      update: coll.collectionName,
      updates: [{ q: { _id: 1 }, u: { $inc: { n: 1 } } }],
      txnNumber: Long.fromNumber(1000),
    };
    try {
      const first = await db.command(command, { session });
      const retry = await db.command(command, { session });
      expect({ n: retry.n, nModified: retry.nModified }).toEqual({ n: first.n, nModified: first.nModified });
      expect(await coll.findOne({ _id: 1 })).toEqual({ _id: 1, n: 1 });
      // The next txnNumber is a new write.
      await db.command({ ...command, txnNumber: Long.fromNumber(1001) }, { session });
      expect(await coll.findOne({ _id: 1 })).toEqual({ _id: 1, n: 2 });
      // An older one is refused: its outcome is no longer known.
      await expectServerError(
        db.command({ ...command, txnNumber: Long.fromNumber(1000) }, { session }),
        225,
        'TransactionTooOld',
      );
    } finally {
      await session.endSession();
    }
  });
});
