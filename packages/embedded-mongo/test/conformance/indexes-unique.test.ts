import { MongoBulkWriteError } from 'mongodb';
import { expectRejection, expectServerError, freshCollection, useTestDatabase } from './helpers';

const t = useTestDatabase();

describe('unique index', () => {
  test('a duplicate insert is E11000 with keyPattern and keyValue', async () => {
    const coll = freshCollection(t().db);
    await coll.createIndex({ email: 1 }, { unique: true });
    await coll.insertOne({ email: 'a@x.io' });
    const error = await expectServerError(coll.insertOne({ email: 'a@x.io' }), 11000);
    expect(error.message.startsWith('E11000 duplicate key error')).toBe(true);
    expect(error.message).toContain('email_1');
    expect(error.keyPattern).toEqual({ email: 1 });
    expect(error.keyValue).toEqual({ email: 'a@x.io' });
    expect(await coll.countDocuments()).toBe(1);
  });

  test('an update that would create a duplicate fails and leaves the document alone', async () => {
    const coll = freshCollection(t().db);
    await coll.createIndex({ email: 1 }, { unique: true });
    await coll.insertMany([
      { _id: 1, email: 'a' },
      { _id: 2, email: 'b' },
    ]);
    await expectServerError(coll.updateOne({ _id: 2 }, { $set: { email: 'a' } }), 11000);
    expect(await coll.findOne({ _id: 2 })).toEqual({ _id: 2, email: 'b' });
  });

  test('documents missing the field index as null, so only one may be missing', async () => {
    const coll = freshCollection(t().db);
    await coll.createIndex({ email: 1 }, { unique: true });
    await coll.insertOne({ name: 'no email' });
    const error = await expectServerError(coll.insertOne({ name: 'also none' }), 11000);
    expect(error.keyValue).toEqual({ email: null });
  });

  test('creating a unique index over existing duplicates fails and creates nothing', async () => {
    const coll = freshCollection(t().db);
    await coll.insertMany([{ a: 1 }, { a: 1 }]);
    await expectServerError(coll.createIndex({ a: 1 }, { unique: true }), 11000);
    expect((await coll.listIndexes().toArray()).map((i) => i.name)).toEqual(['_id_']);
  });

  test('a duplicate inside insertMany is reported as a write error', async () => {
    const coll = freshCollection(t().db);
    await coll.createIndex({ k: 1 }, { unique: true });
    const error = await expectRejection(coll.insertMany([{ k: 1 }, { k: 2 }, { k: 1 }]));
    expect(error).toBeInstanceOf(MongoBulkWriteError);
    expect([(error as MongoBulkWriteError).writeErrors].flat()[0]).toMatchObject({ index: 2, code: 11000 });
    expect(await coll.countDocuments()).toBe(2);
  });
});

describe('compound unique index', () => {
  test('only the full combination must be unique', async () => {
    const coll = freshCollection(t().db);
    await coll.createIndex({ user: 1, day: 1 }, { unique: true });
    await coll.insertMany([
      { user: 'u', day: 1 },
      { user: 'u', day: 2 },
      { user: 'v', day: 1 },
    ]);
    const error = await expectServerError(coll.insertOne({ user: 'u', day: 2 }), 11000);
    expect(error.keyPattern).toEqual({ user: 1, day: 1 });
    expect(error.keyValue).toEqual({ user: 'u', day: 2 });
  });
});

describe('sparse unique index', () => {
  test('allows many documents without the field but not two with the same value', async () => {
    const coll = freshCollection(t().db);
    await coll.createIndex({ handle: 1 }, { unique: true, sparse: true });
    await coll.insertMany([{ n: 1 }, { n: 2 }, { n: 3 }, { handle: 'h' }]);
    await expectServerError(coll.insertOne({ handle: 'h' }), 11000);
    expect(await coll.countDocuments()).toBe(4);
  });
});

describe('partial unique index', () => {
  test('uniqueness applies only to documents matching the partialFilterExpression', async () => {
    const coll = freshCollection(t().db);
    await coll.createIndex({ email: 1 }, { unique: true, partialFilterExpression: { active: true } });
    await coll.insertMany([
      { email: 'x', active: false },
      { email: 'x', active: false },
      { email: 'x', active: true },
    ]);
    await expectServerError(coll.insertOne({ email: 'x', active: true }), 11000);
    expect(await coll.countDocuments({ email: 'x' })).toBe(3);
  });

  test('an update moving a document into the filter is checked', async () => {
    const coll = freshCollection(t().db);
    await coll.createIndex({ email: 1 }, { unique: true, partialFilterExpression: { active: true } });
    await coll.insertMany([
      { _id: 1, email: 'x', active: true },
      { _id: 2, email: 'x', active: false },
    ]);
    await expectServerError(coll.updateOne({ _id: 2 }, { $set: { active: true } }), 11000);
    expect(await coll.findOne({ _id: 2 })).toEqual({ _id: 2, email: 'x', active: false });
  });
});

describe('multikey unique index', () => {
  test('repeated values within one document are fine, across documents they are duplicates', async () => {
    const coll = freshCollection(t().db);
    await coll.createIndex({ tags: 1 }, { unique: true });
    await coll.insertOne({ tags: ['a', 'a', 'b'] });
    await expectServerError(coll.insertOne({ tags: ['c', 'b'] }), 11000);
    await coll.insertOne({ tags: ['c'] });
    expect(await coll.countDocuments()).toBe(2);
  });
});

describe('unique index with a case-insensitive collation', () => {
  test('strength 2 treats "Alice" and "alice" as the same key', async () => {
    const coll = freshCollection(t().db);
    await coll.createIndex({ name: 1 }, { unique: true, collation: { locale: 'en', strength: 2 } });
    await coll.insertOne({ name: 'Alice' });
    await expectServerError(coll.insertOne({ name: 'alice' }), 11000);
    await coll.insertOne({ name: 'Bob' });
    expect(await coll.countDocuments()).toBe(2);
  });

  test('the collation is reported by listIndexes', async () => {
    const coll = freshCollection(t().db);
    await coll.createIndex({ name: 1 }, { unique: true, collation: { locale: 'en', strength: 2 } });
    const index = (await coll.listIndexes().toArray()).find((i) => i.name === 'name_1');
    expect(index?.collation).toMatchObject({ locale: 'en', strength: 2 });
  });
});
