import { ObjectId, type Document } from 'mongodb';
import { freshCollection, useTestDatabase } from './helpers';

const t = useTestDatabase();

describe('upsert with an operator update', () => {
  test('inserts when nothing matches and reports the generated _id', async () => {
    const coll = freshCollection(t().db);
    const result = await coll.updateOne({ name: 'x' }, { $set: { v: 1 } }, { upsert: true });
    expect(result).toMatchObject({ matchedCount: 0, modifiedCount: 0, upsertedCount: 1 });
    expect(result.upsertedId).toBeInstanceOf(ObjectId);
    expect(await coll.findOne({ _id: result.upsertedId! })).toEqual({
      _id: result.upsertedId,
      name: 'x',
      v: 1,
    });
  });

  test('updates instead when a document matches', async () => {
    const coll = freshCollection(t().db);
    await coll.insertOne({ _id: 1, name: 'x', v: 0 });
    const result = await coll.updateOne({ name: 'x' }, { $set: { v: 1 } }, { upsert: true });
    expect(result).toMatchObject({ matchedCount: 1, modifiedCount: 1, upsertedCount: 0, upsertedId: null });
    expect(await coll.countDocuments()).toBe(1);
  });

  test('seeds the new document from equality conditions only (not ranges)', async () => {
    const coll = freshCollection(t().db);
    const { upsertedId } = await coll.updateOne(
      { name: 'x', age: { $gt: 5 }, 'addr.city': 'Oslo', role: { $eq: 'admin' }, $and: [{ team: 'red' }] },
      { $inc: { visits: 1 } },
      { upsert: true },
    );
    const doc = await coll.findOne({ _id: upsertedId! }, { projection: { _id: 0 } });
    expect(doc).toEqual({ name: 'x', addr: { city: 'Oslo' }, role: 'admin', team: 'red', visits: 1 });
  });

  test('takes _id from the filter', async () => {
    const coll = freshCollection(t().db);
    const result = await coll.updateOne({ _id: 'abc' }, { $set: { v: 1 } }, { upsert: true });
    expect(result.upsertedId).toBe('abc');
    expect(await coll.findOne({ _id: 'abc' })).toEqual({ _id: 'abc', v: 1 });
  });

  test('the update operators apply on top of the seeded fields', async () => {
    const coll = freshCollection(t().db);
    await coll.updateOne({ _id: 1, n: 5 }, { $inc: { n: 1 }, $push: { log: 'created' } } as Document, {
      upsert: true,
    });
    expect(await coll.findOne({ _id: 1 })).toEqual({ _id: 1, n: 6, log: ['created'] });
  });

  test('updateMany upserts a single document', async () => {
    const coll = freshCollection(t().db);
    const result = await coll.updateMany({ group: 'g' }, { $set: { v: 1 } }, { upsert: true });
    expect(result).toMatchObject({ matchedCount: 0, upsertedCount: 1 });
    expect(await coll.find({}, { projection: { _id: 0 } }).toArray()).toEqual([{ group: 'g', v: 1 }]);
  });

  test('a pipeline update can upsert', async () => {
    const coll = freshCollection(t().db);
    await coll.updateOne({ _id: 7 }, [{ $set: { created: true } }], { upsert: true });
    expect(await coll.findOne({ _id: 7 })).toEqual({ _id: 7, created: true });
  });
});

describe('upsert with a replacement', () => {
  test('inserts the replacement document, not the filter fields', async () => {
    const coll = freshCollection(t().db);
    const result = await coll.replaceOne({ name: 'x' }, { other: 1 }, { upsert: true });
    expect(result.upsertedCount).toBe(1);
    const doc = await coll.findOne({ _id: result.upsertedId! });
    expect(doc).toEqual({ _id: result.upsertedId, other: 1 });
  });

  test('takes _id from the filter when the replacement has none', async () => {
    const coll = freshCollection(t().db);
    const result = await coll.replaceOne({ _id: 42 }, { v: 'r' }, { upsert: true });
    expect(result.upsertedId).toBe(42);
    expect(await coll.findOne({ _id: 42 })).toEqual({ _id: 42, v: 'r' });
  });

  test('replaces an existing match instead of inserting', async () => {
    const coll = freshCollection(t().db);
    await coll.insertOne({ _id: 1, name: 'x', old: true });
    const result = await coll.replaceOne({ name: 'x' }, { name: 'x', fresh: true }, { upsert: true });
    expect(result).toMatchObject({ matchedCount: 1, modifiedCount: 1, upsertedCount: 0 });
    expect(await coll.find().toArray()).toEqual([{ _id: 1, name: 'x', fresh: true }]);
  });
});
