import type { Collection, Document } from 'mongodb';
import { expectServerError, freshCollection, useTestDatabase, type TestDoc } from './helpers';

const t = useTestDatabase();

const ORIGINAL = { _id: 1, name: 'str', n: 5, list: [1, 2], nested: { a: 1 } };

async function seeded(): Promise<Collection<TestDoc>> {
  const coll = freshCollection(t().db);
  await coll.insertOne({ ...ORIGINAL });
  return coll;
}

/** A failed update must leave the document exactly as it was. */
async function expectUnchanged(coll: Collection<TestDoc>): Promise<void> {
  expect(await coll.findOne({ _id: 1 })).toEqual(ORIGINAL);
  expect(await coll.countDocuments()).toBe(1);
}

describe('malformed updates', () => {
  test('an unknown update operator is FailedToParse (9)', async () => {
    const coll = await seeded();
    const error = await expectServerError(coll.updateOne({ _id: 1 }, { $foo: { n: 1 } } as Document), 9);
    expect(error.message).toContain('$foo');
    await expectUnchanged(coll);
  });

  test('an unknown operator is rejected even when no document matches', async () => {
    const coll = await seeded();
    await expectServerError(coll.updateOne({ _id: 999 }, { $foo: { n: 1 } } as Document), 9);
  });

  test('$inc with a non-numeric argument is TypeMismatch (14)', async () => {
    const coll = await seeded();
    const error = await expectServerError(coll.updateOne({ _id: 1 }, { $inc: { n: 'x' } } as Document), 14);
    expect(error.message).toContain('Cannot increment with non-numeric argument');
    await expectUnchanged(coll);
  });

  test('$inc on a string field is TypeMismatch (14)', async () => {
    const coll = await seeded();
    const error = await expectServerError(coll.updateOne({ _id: 1 }, { $inc: { name: 1 } }), 14);
    expect(error.message).toContain('Cannot apply $inc to a value of non-numeric type');
    await expectUnchanged(coll);
  });

  test('$mul on a string field is TypeMismatch (14)', async () => {
    const coll = await seeded();
    await expectServerError(coll.updateOne({ _id: 1 }, { $mul: { name: 2 } }), 14);
    await expectUnchanged(coll);
  });

  test('two operators on the same path conflict (40)', async () => {
    const coll = await seeded();
    const error = await expectServerError(coll.updateOne({ _id: 1 }, { $set: { n: 1 }, $inc: { n: 1 } }), 40);
    expect(error.message).toContain('would create a conflict at');
    await expectUnchanged(coll);
  });

  test('a path and its parent conflict (40)', async () => {
    const coll = await seeded();
    await expectServerError(coll.updateOne({ _id: 1 }, { $set: { nested: {}, 'nested.a': 2 } }), 40);
    await expectUnchanged(coll);
  });
});

describe('_id is immutable', () => {
  test('$set of a different _id is ImmutableField (66)', async () => {
    const coll = await seeded();
    const error = await expectServerError(coll.updateOne({ _id: 1 }, { $set: { _id: 2 } }), 66);
    expect(error.message).toContain('_id');
    await expectUnchanged(coll);
  });

  test('a replacement with a different _id is ImmutableField (66)', async () => {
    const coll = await seeded();
    await expectServerError(coll.replaceOne({ _id: 1 }, { _id: 2, name: 'other' }), 66);
    await expectUnchanged(coll);
  });

  test('$unset of _id is ImmutableField (66)', async () => {
    const coll = await seeded();
    await expectServerError(coll.updateOne({ _id: 1 }, { $unset: { _id: '' } }), 66);
    await expectUnchanged(coll);
  });

  test('setting _id to its current value is allowed', async () => {
    const coll = await seeded();
    const result = await coll.updateOne({ _id: 1 }, { $set: { _id: 1, n: 6 } });
    expect(result).toMatchObject({ matchedCount: 1, modifiedCount: 1 });
  });
});

describe('operators on the wrong type', () => {
  test('$push on a non-array is BadValue (2)', async () => {
    const coll = await seeded();
    const error = await expectServerError(
      coll.updateOne({ _id: 1 }, { $push: { name: 'x' } } as Document),
      2,
    );
    expect(error.message).toContain('must be an array');
    await expectUnchanged(coll);
  });

  test('$addToSet on a non-array is BadValue (2)', async () => {
    const coll = await seeded();
    await expectServerError(coll.updateOne({ _id: 1 }, { $addToSet: { n: 1 } }), 2);
    await expectUnchanged(coll);
  });

  test('$set through a scalar is PathNotViable (28)', async () => {
    const coll = await seeded();
    await expectServerError(coll.updateOne({ _id: 1 }, { $set: { 'name.inner': 1 } }), 28);
    await expectUnchanged(coll);
  });

  test('the positional operator without a matching array query is BadValue (2)', async () => {
    const coll = await seeded();
    await expectServerError(coll.updateOne({ _id: 1 }, { $set: { 'list.$': 9 } }), 2);
    await expectUnchanged(coll);
  });
});

describe('a failing statement in a multi-document update', () => {
  test('updateMany stops at the failing document with the error', async () => {
    const coll = freshCollection(t().db);
    await coll.insertMany([
      { _id: 1, v: 'text' },
      { _id: 2, v: 'text' },
    ]);
    await expectServerError(coll.updateMany({}, { $inc: { v: 1 } }), 14);
    expect(await coll.find().sort({ _id: 1 }).toArray()).toEqual([
      { _id: 1, v: 'text' },
      { _id: 2, v: 'text' },
    ]);
  });
});
