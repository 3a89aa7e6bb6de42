import { Long, MongoClient, Timestamp, type Document } from 'mongodb';
import { startServer } from '../../src';
import { expectServerError, freshCollection, useTestDatabase, watch, type TestDoc } from './helpers';

const database = useTestDatabase();

describe('change streams on a collection', () => {
  test('insert, update (with what changed), replace and delete, in commit order, with their fields', async () => {
    const coll = freshCollection(database().db);
    const stream = await watch(coll);
    await coll.insertOne({ _id: 1, a: 1, list: [1, 2, 3], nested: { x: 1, y: 2 } });
    await coll.updateOne({ _id: 1 }, { $set: { b: 2, 'nested.x': 5 }, $unset: { a: '' }, $pop: { list: 1 } });
    await coll.replaceOne({ _id: 1 }, { c: 3 });
    await coll.deleteOne({ _id: 1 });

    const insert = await stream.next();
    expect(insert).toMatchObject({
      operationType: 'insert',
      ns: { db: database().db.databaseName, coll: coll.collectionName },
      documentKey: { _id: 1 },
      fullDocument: { _id: 1, a: 1, list: [1, 2, 3], nested: { x: 1, y: 2 } },
    });
    expect(insert._id).toEqual({ _data: expect.any(String) });
    expect(insert.clusterTime).toBeInstanceOf(Timestamp);
    expect((insert as { wallTime?: unknown }).wallTime).toBeInstanceOf(Date);

    const update = await stream.next();
    expect(update).toMatchObject({ operationType: 'update', documentKey: { _id: 1 } });
    expect(update).not.toHaveProperty('fullDocument');
    const description = (update as { updateDescription: Document }).updateDescription;
    expect(description.updatedFields).toEqual({ b: 2, 'nested.x': 5 });
    expect(description.removedFields).toEqual(['a']);
    expect(description.truncatedArrays).toEqual([{ field: 'list', newSize: 2 }]);

    expect(await stream.next()).toMatchObject({ operationType: 'replace', fullDocument: { _id: 1, c: 3 } });
    expect(await stream.next()).toMatchObject({ operationType: 'delete', documentKey: { _id: 1 } });
    await stream.close();
  });

  test("a stream sees only its own collection's changes", async () => {
    const watched = freshCollection(database().db);
    const other = freshCollection(database().db);
    const stream = await watch(watched);
    await other.insertOne({ _id: 'elsewhere' });
    await watched.insertOne({ _id: 'here' });
    expect(await stream.next()).toMatchObject({ operationType: 'insert', documentKey: { _id: 'here' } });
    await stream.close();
  });

  test("fullDocument 'updateLookup' adds the document as it is when the event is read", async () => {
    const coll = freshCollection(database().db);
    await coll.insertOne({ _id: 1, n: 0 });
    const stream = await watch(coll, [], { fullDocument: 'updateLookup' });
    await coll.updateOne({ _id: 1 }, { $inc: { n: 1 } });
    const update = await stream.next();
    expect(update).toMatchObject({ operationType: 'update', fullDocument: { _id: 1, n: 1 } });
    await stream.close();

    // Read again after the document was deleted: the lookup finds nothing, as on mongod.
    await coll.deleteOne({ _id: 1 });
    const later = await watch(coll, [], {
      fullDocument: 'updateLookup',
      startAtOperationTime: update.clusterTime,
    });
    expect(await later.next()).toMatchObject({ operationType: 'update', fullDocument: null });
    await later.close();
  });

  test('stages after $changeStream filter and reshape events, keeping the resume token', async () => {
    const coll = freshCollection(database().db);
    const stream = await watch(coll, [
      { $match: { 'fullDocument.keep': true } },
      { $project: { operationType: 1, 'fullDocument._id': 1 } },
    ]);
    await coll.insertMany([
      { _id: 1, keep: false },
      { _id: 2, keep: true },
    ]);
    const event = await stream.next();
    expect(event).toEqual({ _id: expect.any(Object), operationType: 'insert', fullDocument: { _id: 2 } });
    await stream.close();
  });

  test('an inclusion $project keeps the named paths in the event order: into documents and arrays, never scalars', async () => {
    const coll = freshCollection(database().db);
    const stream = await watch(coll, [
      {
        $project: {
          'updateDescription.updatedFields': 1,
          'fullDocument.a.b': 1,
          'fullDocument.list.b': 1,
          'fullDocument.s.t': 1,
          'fullDocument.missing.x': 1,
          operationType: 1,
        },
      },
    ]);
    await coll.insertOne({ _id: 1, s: 3, list: [{ b: 1, c: 1 }, 5, { c: 2 }], a: { c: 2, b: 1 } });
    await coll.updateOne({ _id: 1 }, { $set: { s: 4 } });
    const insert = await stream.next();
    expect(insert).toEqual({
      _id: expect.any(Object),
      operationType: 'insert',
      fullDocument: { list: [{ b: 1 }, {}], a: { b: 1 } },
    });
    expect(Object.keys(insert)).toEqual(['_id', 'operationType', 'fullDocument']);
    expect(Object.keys((insert as { fullDocument: Document }).fullDocument)).toEqual(['list', 'a']);
    expect(await stream.next()).toEqual({
      _id: expect.any(Object),
      operationType: 'update',
      updateDescription: { updatedFields: { s: 4 } },
    });
    await stream.close();
  });

  test('drop ends a collection stream with a drop event and then invalidate', async () => {
    const coll = freshCollection(database().db);
    await coll.insertOne({ _id: 1 });
    const stream = await watch(coll);
    await coll.drop();
    expect(await stream.next()).toMatchObject({ operationType: 'drop' });
    expect(await stream.next()).toMatchObject({ operationType: 'invalidate' });
    expect(stream.stream.closed).toBe(true);
  });

  test('rename ends a collection stream with a rename event naming the new namespace, then invalidate', async () => {
    const { db } = database();
    const coll = freshCollection(db);
    await coll.insertOne({ _id: 1 });
    const stream = await watch(coll);
    const target = `${coll.collectionName}_renamed`;
    await coll.rename(target);
    expect(await stream.next()).toMatchObject({
      operationType: 'rename',
      ns: { db: db.databaseName, coll: coll.collectionName },
      to: { db: db.databaseName, coll: target },
    });
    expect(await stream.next()).toMatchObject({ operationType: 'invalidate' });
    expect(await db.collection<TestDoc>(target).findOne({ _id: 1 })).toEqual({ _id: 1 });
  });
});

describe('resuming', () => {
  test('resumeAfter and startAfter continue just after the token; startAtOperationTime from a time', async () => {
    const coll = freshCollection(database().db);
    const stream = await watch(coll);
    await coll.insertMany([{ _id: 1 }, { _id: 2 }, { _id: 3 }]);
    const first = await stream.next();
    await stream.close();

    const resumed = await watch(coll, [], { resumeAfter: first._id });
    expect((await resumed.next()).documentKey).toEqual({ _id: 2 });
    await resumed.close();

    const started = await watch(coll, [], { startAfter: first._id });
    expect((await started.next()).documentKey).toEqual({ _id: 2 });
    await started.close();

    const fromTime = await watch(coll, [], { startAtOperationTime: first.clusterTime });
    expect((await fromTime.next()).documentKey).toEqual({ _id: 1 });
    await fromTime.close();
  });

  test('startAfter an invalidate opens a new stream on the recreated collection; resumeAfter it is refused', async () => {
    const coll = freshCollection(database().db);
    await coll.insertOne({ _id: 0 });
    const stream = await watch(coll);
    await coll.drop();
    await stream.next();
    const invalidate = await stream.next();
    await coll.insertOne({ _id: 'again' });

    const after = await watch(coll, [], { startAfter: invalidate._id });
    expect(await after.next()).toMatchObject({ operationType: 'insert', documentKey: { _id: 'again' } });
    await after.close();

    const refused = coll.watch([], { resumeAfter: invalidate._id });
    await expectServerError(refused.tryNext(), 260, 'InvalidResumeToken');
    await refused.close();
  });

  test('each batch carries a postBatchResumeToken, which moves past changes that matched nothing', async () => {
    const { db } = database();
    const coll = freshCollection(db);
    const opened = await db.command({
      aggregate: coll.collectionName,
      pipeline: [{ $changeStream: {} }, { $match: { operationType: 'delete' } }],
      cursor: {},
    });
    const before = opened.cursor.postBatchResumeToken as { _data: string };
    expect(opened.cursor.firstBatch).toEqual([]);
    await coll.insertOne({ _id: 1 }); // not a delete: filtered out
    const more = await db.command({
      getMore: opened.cursor.id,
      collection: coll.collectionName,
      maxTimeMS: 50,
    });
    expect(more.cursor.nextBatch).toEqual([]);
    const after = more.cursor.postBatchResumeToken as { _data: string };
    expect(after._data > before._data).toBe(true);
    await db.command({ killCursors: coll.collectionName, cursors: [opened.cursor.id] });
  });
});

describe('database and deployment streams', () => {
  test('a database stream sees every collection of its database, and dropDatabase ends it', async () => {
    const { client } = database();
    const db = client.db(`cs_db_${Date.now()}`);
    const a = db.collection<TestDoc>('a');
    const b = db.collection<TestDoc>('b');
    await a.insertOne({ _id: 0 });
    const stream = await watch(db);
    await a.insertOne({ _id: 1 });
    await b.insertOne({ _id: 2 });
    expect((await stream.next()).ns).toEqual({ db: db.databaseName, coll: 'a' });
    const second = await stream.next();
    expect(second).toMatchObject({ operationType: 'insert', documentKey: { _id: 2 } });
    await db.dropDatabase();
    const types: string[] = [];
    for (;;) {
      const event = await stream.next();
      types.push(event.operationType);
      if (event.operationType === 'invalidate') break;
    }
    expect(types).toEqual(['drop', 'drop', 'dropDatabase', 'invalidate']);
  });

  test('a deployment stream (client.watch) sees changes in every database', async () => {
    const { client } = database();
    const stream = await watch(client);
    const one = client.db(`cs_one_${Date.now()}`);
    const two = client.db(`cs_two_${Date.now()}`);
    await one.collection<TestDoc>('x').insertOne({ _id: 1 });
    await two.collection<TestDoc>('y').insertOne({ _id: 2 });
    expect((await stream.next()).ns).toEqual({ db: one.databaseName, coll: 'x' });
    expect((await stream.next()).ns).toEqual({ db: two.databaseName, coll: 'y' });
    await stream.close();
    await one.dropDatabase();
    await two.dropDatabase();
  });
});

describe('errors', () => {
  test('$changeStream must be the first stage; only per-event stages may follow it', async () => {
    const coll = freshCollection(database().db);
    await expectServerError(coll.aggregate([{ $match: {} }, { $changeStream: {} }]).toArray(), 40602);
    await expect(
      coll.aggregate([{ $changeStream: {} }, { $group: { _id: null } }]).toArray(),
    ).rejects.toBeInstanceOf(Error);
  });

  test('killCursors ends a getMore waiting on the stream at once, with CursorKilled (237)', async () => {
    const coll = freshCollection(database().db);
    const db = database().db;
    const opened = await db.command({
      aggregate: coll.collectionName,
      pipeline: [{ $changeStream: {} }],
      cursor: {},
    });
    const id = (opened.cursor as { id: Long }).id;
    // It would wait a minute (longer than this test may run) if the kill did not end it.
    const waiting = db.command({ getMore: id, collection: coll.collectionName, maxTimeMS: 60_000 });
    await db.command({ killCursors: coll.collectionName, cursors: [id] });
    await expectServerError(waiting, 237, 'CursorKilled');
  });

  test('a stopping server answers a waiting getMore with InterruptedAtShutdown (11600), as mongod does', async () => {
    const own = await startServer({ port: 0 });
    const client = new MongoClient(own.uri);
    try {
      const db = client.db('shutdown');
      const getMores = async (): Promise<number> =>
        ((await db.admin().command({ serverStatus: 1 })).opcounters as { getmore: number }).getmore;
      const opened = await db.command({ aggregate: 'c', pipeline: [{ $changeStream: {} }], cursor: {} });
      const before = await getMores();
      const waiting = db.command({
        getMore: (opened.cursor as { id: Long }).id,
        collection: 'c',
        maxTimeMS: 60_000,
      });
      waiting.catch(() => undefined);
      // Stop only once the server has the getMore in hand (it counts it as it starts to wait).
      while ((await getMores()) === before) await new Promise((resolve) => setImmediate(resolve));
      await own.stop();
      await expectServerError(waiting, 11600, 'InterruptedAtShutdown');
    } finally {
      await client.close();
    }
  });

  test('a stage that changes the resume token (_id) fails the stream', async () => {
    const coll = freshCollection(database().db);
    const stream = await watch(coll, [{ $project: { _id: 0 } }]);
    await coll.insertOne({ _id: 1 });
    await expectServerError(stream.next(), 280, 'ChangeStreamFatalError');
    await stream.close();
  });
});

describe('pre- and post-images, and expanded events', () => {
  test('with changeStreamPreAndPostImages (collMod), events can carry the document before and after', async () => {
    const { db } = database();
    const coll = freshCollection(db);
    await coll.insertOne({ _id: 1, n: 0 });
    await db.command({ collMod: coll.collectionName, changeStreamPreAndPostImages: { enabled: true } });
    const stream = await watch(coll, [], { fullDocument: 'required', fullDocumentBeforeChange: 'required' });
    await coll.updateOne({ _id: 1 }, { $inc: { n: 1 } });
    await coll.deleteOne({ _id: 1 });
    expect(await stream.next()).toMatchObject({
      operationType: 'update',
      fullDocument: { _id: 1, n: 1 },
      fullDocumentBeforeChange: { _id: 1, n: 0 },
    });
    expect(await stream.next()).toMatchObject({
      operationType: 'delete',
      fullDocumentBeforeChange: { _id: 1, n: 1 },
    });
    await stream.close();
  });

  test('without them, whenAvailable gives null and required fails the stream', async () => {
    const coll = freshCollection(database().db);
    await coll.insertOne({ _id: 1, n: 0 });
    const lenient = await watch(coll, [], {
      fullDocument: 'whenAvailable',
      fullDocumentBeforeChange: 'whenAvailable',
    });
    await coll.updateOne({ _id: 1 }, { $inc: { n: 1 } });
    expect(await lenient.next()).toMatchObject({ fullDocument: null, fullDocumentBeforeChange: null });
    await lenient.close();
    const strict = await watch(coll, [], { fullDocumentBeforeChange: 'required' });
    await coll.updateOne({ _id: 1 }, { $inc: { n: 1 } });
    await expect(strict.next()).rejects.toBeInstanceOf(Error);
    await strict.close();
  });

  test('showExpandedEvents adds collectionUUID, disambiguated paths and modify events', async () => {
    const { db } = database();
    const coll = freshCollection(db);
    await coll.insertOne({ _id: 1, a: [{ 1: 1 }] });
    const stream = await watch(coll, [], { showExpandedEvents: true });
    await coll.updateOne({ _id: 1 }, { $set: { 'a.0.1': 2 } });
    await db.command({ collMod: coll.collectionName });
    const update = await stream.next();
    expect(update.collectionUUID).toBeDefined();
    expect(update.updateDescription.disambiguatedPaths).toEqual({ 'a.0.1': ['a', 0, '1'] });
    expect(await stream.next()).toMatchObject({ operationType: 'modify' });
    await stream.close();
  });

  test('an unknown stage after $changeStream is 40324; a stream whose _id was removed is not resumable', async () => {
    const coll = freshCollection(database().db);
    await expectServerError(
      coll.aggregate([{ $changeStream: {} }, { $unsupported: 'foo' }]).toArray(),
      40324,
    );
    const stream = await watch(coll, [{ $project: { _id: 0 } }]);
    await coll.insertOne({ _id: 1 });
    const error = await expectServerError(stream.next(), 280);
    expect(error.hasErrorLabel('NonResumableChangeStreamError')).toBe(true);
    await stream.close();
  });
});
