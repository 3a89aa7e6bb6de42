import type { Document } from 'mongodb';
import { expectRejection, expectServerError, freshCollection, useTestDatabase } from './helpers';

const t = useTestDatabase();

describe('unknown commands', () => {
  test('are CommandNotFound (59) with the command name in the message', async () => {
    const error = await expectServerError(t().db.command({ noSuchCommand: 1 }), 59, 'CommandNotFound');
    expect(error.message).toContain('noSuchCommand');
  });
});

describe('invalid filters', () => {
  test('an unknown field operator is BadValue (2)', async () => {
    const coll = freshCollection(t().db);
    await coll.insertOne({ a: 1 });
    const error = await expectServerError(coll.find({ a: { $foo: 1 } } as Document).toArray(), 2, 'BadValue');
    expect(error.message).toContain('unknown operator: $foo');
  });

  test('an unknown top-level operator is BadValue (2)', async () => {
    const coll = freshCollection(t().db);
    await coll.insertOne({ a: 1 });
    const error = await expectServerError(
      coll.find({ $foo: [{ a: 1 }] } as Document).toArray(),
      2,
      'BadValue',
    );
    expect(error.message).toContain('unknown top level operator: $foo');
  });

  test('$in with a non-array is BadValue (2)', async () => {
    const coll = freshCollection(t().db);
    await coll.insertOne({ a: 1 });
    const error = await expectServerError(coll.find({ a: { $in: 1 } } as Document).toArray(), 2, 'BadValue');
    expect(error.message).toContain('$in needs an array');
  });

  test('an empty $or is BadValue (2)', async () => {
    const coll = freshCollection(t().db);
    await coll.insertOne({ a: 1 });
    await expectServerError(coll.find({ $or: [] }).toArray(), 2, 'BadValue');
  });

  test('the same errors apply to updates and deletes, which then change nothing', async () => {
    const coll = freshCollection(t().db);
    await coll.insertOne({ _id: 1, a: 1 });
    await expectServerError(coll.updateOne({ a: { $foo: 1 } } as Document, { $set: { b: 1 } }), 2);
    await expectServerError(coll.deleteMany({ a: { $foo: 1 } } as Document), 2);
    expect(await coll.find().toArray()).toEqual([{ _id: 1, a: 1 }]);
  });

  test('a filter on a collection that does not exist is still validated', async () => {
    await expectServerError(
      freshCollection(t().db)
        .find({ a: { $foo: 1 } } as Document)
        .toArray(),
      2,
      'BadValue',
    );
  });
});

describe('document size limit', () => {
  test('a document larger than 16 MB is rejected and nothing is inserted', async () => {
    const coll = freshCollection(t().db);
    const big = { _id: 1, blob: 'x'.repeat(16 * 1024 * 1024 + 1) };
    await expectRejection(coll.insertOne(big));
    expect(await coll.countDocuments()).toBe(0);
  });

  test('an update that would grow a document past 16 MB fails and leaves it unchanged', async () => {
    const coll = freshCollection(t().db);
    const half = 'y'.repeat(9 * 1024 * 1024);
    await coll.insertOne({ _id: 1, a: half });
    await expectRejection(coll.updateOne({ _id: 1 }, { $set: { b: half } }));
    const doc = await coll.findOne({ _id: 1 }, { projection: { a: 0 } });
    expect(doc).toEqual({ _id: 1 });
  });
});

describe('bad _id values', () => {
  test('an array _id is rejected', async () => {
    const coll = freshCollection(t().db);
    await expectRejection(coll.insertOne({ _id: [1, 2] } as Document));
    expect(await coll.countDocuments()).toBe(0);
  });
});
