import { MongoBulkWriteError, ObjectId } from 'mongodb';
import { expectRejection, freshCollection, useTestDatabase } from './helpers';

const t = useTestDatabase();

describe('insertOne', () => {
  test('generates an ObjectId _id and stores it as the first field', async () => {
    const coll = freshCollection(t().db);
    const { acknowledged, insertedId } = await coll.insertOne({ name: 'alice', age: 30 });
    expect(acknowledged).toBe(true);
    expect(insertedId).toBeInstanceOf(ObjectId);
    const raw = await coll.findOne({ _id: insertedId });
    expect(raw).toEqual({ _id: insertedId, name: 'alice', age: 30 });
    expect(Object.keys(raw!)).toEqual(['_id', 'name', 'age']);
  });

  test('moves a client-supplied _id to the front and keeps the order of the other fields', async () => {
    const coll = freshCollection(t().db);
    await coll.insertOne({ z: 1, a: 2, _id: 'custom', m: { y: 1, b: 2 } });
    const raw = await coll.findOne({ _id: 'custom' });
    expect(Object.keys(raw!)).toEqual(['_id', 'z', 'a', 'm']);
    expect(Object.keys(raw!.m)).toEqual(['y', 'b']);
  });

  test('round-trips BSON types', async () => {
    const coll = freshCollection(t().db);
    const when = new Date('2024-01-02T03:04:05.678Z');
    const ref = new ObjectId();
    await coll.insertOne({
      _id: 1,
      when,
      ref,
      nested: { list: [1, 'two', null, { three: 3 }] },
      flag: false,
      ratio: 0.5,
    });
    expect(await coll.findOne({ _id: 1 })).toEqual({
      _id: 1,
      when,
      ref,
      nested: { list: [1, 'two', null, { three: 3 }] },
      flag: false,
      ratio: 0.5,
    });
  });

  test('a second document with the same _id is a duplicate key error', async () => {
    const coll = freshCollection(t().db);
    await coll.insertOne({ _id: 7, v: 'first' });
    const error = await expectRejection(coll.insertOne({ _id: 7, v: 'second' }));
    expect(error).toMatchObject({ code: 11000 });
    expect(await coll.find().toArray()).toEqual([{ _id: 7, v: 'first' }]);
  });
});

describe('insertMany', () => {
  test('inserts every document and reports their ids by position', async () => {
    const coll = freshCollection(t().db);
    const result = await coll.insertMany([{ n: 1 }, { n: 2 }, { _id: 'x', n: 3 }]);
    expect(result.insertedCount).toBe(3);
    expect(result.insertedIds[0]).toBeInstanceOf(ObjectId);
    expect(result.insertedIds[2]).toBe('x');
    expect(await coll.countDocuments()).toBe(3);
  });

  test('ordered: stops at a duplicate in the middle and reports it at its index', async () => {
    const coll = freshCollection(t().db);
    const docs = [{ _id: 1 }, { _id: 2 }, { _id: 2 }, { _id: 3 }];
    const error = await expectRejection(coll.insertMany(docs, { ordered: true }));
    expect(error).toBeInstanceOf(MongoBulkWriteError);
    const bulk = error as MongoBulkWriteError;
    expect(bulk.code).toBe(11000);
    expect(bulk.insertedCount).toBe(2);
    const writeErrors = [bulk.writeErrors].flat();
    expect(writeErrors).toHaveLength(1);
    expect(writeErrors[0]).toMatchObject({ index: 2, code: 11000 });
    expect(await coll.find().sort({ _id: 1 }).toArray()).toEqual([{ _id: 1 }, { _id: 2 }]);
  });

  test('unordered: skips only the duplicate and inserts everything after it', async () => {
    const coll = freshCollection(t().db);
    const docs = [{ _id: 1 }, { _id: 2 }, { _id: 2 }, { _id: 3 }, { _id: 1 }];
    const error = await expectRejection(coll.insertMany(docs, { ordered: false }));
    expect(error).toBeInstanceOf(MongoBulkWriteError);
    const bulk = error as MongoBulkWriteError;
    expect(bulk.insertedCount).toBe(3);
    const writeErrors = [bulk.writeErrors].flat();
    expect(writeErrors.map((e) => [e.index, e.code])).toEqual([
      [2, 11000],
      [4, 11000],
    ]);
    expect(await coll.find().sort({ _id: 1 }).toArray()).toEqual([{ _id: 1 }, { _id: 2 }, { _id: 3 }]);
  });
});
