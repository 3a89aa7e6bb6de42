import { expectServerError, freshCollection, useTestDatabase, type TestDoc } from './helpers';

const database = useTestDatabase();

describe("a command's let variables", () => {
  test('reach $expr in find, aggregate, delete and findAndModify filters', async () => {
    const coll = freshCollection(database().db);
    await coll.insertMany([{ _id: 1 }, { _id: 2 }, { _id: 3 }]);
    const byId = { $expr: { $eq: ['$_id', '$$id'] } };
    expect(await coll.find(byId, { let: { id: 2 } }).toArray()).toEqual([{ _id: 2 }]);
    expect(
      await coll
        .aggregate([{ $match: byId }, { $project: { _id: 1, v: '$$v' } }], { let: { id: 3, v: 'x' } })
        .toArray(),
    ).toEqual([{ _id: 3, v: 'x' }]);
    expect(await coll.findOneAndDelete(byId, { let: { id: 1 } })).toEqual({ _id: 1 });
    expect((await coll.deleteOne(byId, { let: { id: 3 } })).deletedCount).toBe(1);
    expect(await coll.find().toArray()).toEqual([{ _id: 2 }]);
  });

  test('are expressions, evaluated once', async () => {
    const coll = freshCollection(database().db);
    await coll.insertOne({ _id: 1 });
    const [doc] = await coll
      .aggregate([{ $project: { _id: 0, sum: '$$sum', text: '$$text' } }], {
        let: { sum: { $add: [1, 2] }, text: { $literal: '$bar' } },
      })
      .toArray();
    expect(doc).toEqual({ sum: 3, text: '$bar' });
  });

  test('reach a pipeline update', async () => {
    const coll = freshCollection(database().db);
    await coll.insertMany([{ _id: 1 }, { _id: 2 }]);
    const result = await coll.updateOne({ $expr: { $eq: ['$_id', '$$id'] } }, [{ $set: { x: '$$x' } }], {
      let: { id: 1, x: 'foo' },
    });
    expect(result.modifiedCount).toBe(1);
    expect(await coll.find().toArray()).toEqual([{ _id: 1, x: 'foo' }, { _id: 2 }]);
  });
});

test('a pipeline update whose $replaceWith leaves out _id keeps the document its _id', async () => {
  const coll = freshCollection(database().db);
  await coll.insertOne({ _id: 1, inner: { a: 1 } });
  await coll.updateOne({ _id: 1 }, [{ $replaceWith: '$inner' }]);
  expect(await coll.findOne({ _id: 1 })).toEqual({ _id: 1, a: 1 });
});

test("updates refuse 'sort', which MongoDB 7.0 does not know", async () => {
  const coll = freshCollection(database().db);
  await coll.insertMany([{ _id: 1 }, { _id: 2 }]);
  await expectServerError(
    database().db.command({
      update: coll.collectionName,
      updates: [{ q: {}, u: { $set: { x: 1 } }, sort: { _id: -1 } }],
    }),
    40415,
  );
  expect(await coll.countDocuments({ x: 1 })).toBe(0);
});

test("an _id holding a '$'-prefixed field is refused", async () => {
  const coll = freshCollection(database().db);
  await expectServerError(coll.insertOne({ _id: { $a: 1 } }), 52);
  expect(await coll.countDocuments()).toBe(0);
});

describe('$out and $merge', () => {
  test('$out replaces the target collection with the results, keeping its indexes', async () => {
    const { db } = database();
    const source = freshCollection(db);
    const target = freshCollection(db);
    await source.insertMany([
      { _id: 1, x: 11 },
      { _id: 2, x: 22 },
      { _id: 3, x: 33 },
    ]);
    await target.insertOne({ _id: 'old' });
    await target.createIndex({ x: 1 }, { name: 'x_1' });
    const returned = await source
      .aggregate([{ $match: { _id: { $gt: 1 } } }, { $out: target.collectionName }])
      .toArray();
    expect(returned).toEqual([]);
    expect(await target.find().sort({ _id: 1 }).toArray()).toEqual([
      { _id: 2, x: 22 },
      { _id: 3, x: 33 },
    ]);
    expect((await target.indexes()).map((i) => i.name)).toContain('x_1');
  });

  test('$out must be the last stage', async () => {
    const coll = freshCollection(database().db);
    await expectServerError(coll.aggregate([{ $out: 'x' }, { $match: {} }]).toArray(), 40601);
  });

  test('$merge merges into matching documents and inserts the others; whenMatched fail is a DuplicateKey', async () => {
    const { db } = database();
    const source = freshCollection(db);
    const target = freshCollection(db);
    await source.insertMany([
      { _id: 1, a: 'new' },
      { _id: 2, a: 'new' },
    ]);
    await target.insertOne({ _id: 1, a: 'old', b: 'kept' });
    await source.aggregate([{ $merge: { into: target.collectionName } }]).toArray();
    expect(await target.find().sort({ _id: 1 }).toArray()).toEqual([
      { _id: 1, a: 'new', b: 'kept' },
      { _id: 2, a: 'new' },
    ]);
    const error = await expectServerError(
      source.aggregate([{ $merge: { into: target.collectionName, whenMatched: 'fail' } }]).toArray(),
      11000,
    );
    expect(error.errorResponse.keyPattern).toEqual({ _id: 1 });
  });
});

test('aggregate: 1 runs a pipeline over $documents', async () => {
  const docs = await database()
    .db.aggregate<TestDoc>([{ $documents: [{ x: 1 }, { x: 2 }] }, { $match: { x: { $gt: 1 } } }])
    .toArray();
  expect(docs).toEqual([{ x: 2 }]);
});
