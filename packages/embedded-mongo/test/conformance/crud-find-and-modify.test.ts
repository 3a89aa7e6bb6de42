import { ObjectId } from 'mongodb';
import { freshCollection, useTestDatabase } from './helpers';

const t = useTestDatabase();

async function seeded() {
  const coll = freshCollection(t().db);
  await coll.insertMany([
    { _id: 1, queue: 'q', priority: 2, state: 'new' },
    { _id: 2, queue: 'q', priority: 5, state: 'new' },
    { _id: 3, queue: 'q', priority: 1, state: 'new' },
  ]);
  return coll;
}

describe('findOneAndUpdate', () => {
  test('returns the document before the update by default', async () => {
    const coll = await seeded();
    const before = await coll.findOneAndUpdate({ _id: 1 }, { $set: { state: 'taken' } });
    expect(before).toEqual({ _id: 1, queue: 'q', priority: 2, state: 'new' });
    expect(await coll.findOne({ _id: 1 })).toMatchObject({ state: 'taken' });
  });

  test('returnDocument "after" returns the updated document', async () => {
    const coll = await seeded();
    const after = await coll.findOneAndUpdate(
      { _id: 1 },
      { $inc: { priority: 1 } },
      { returnDocument: 'after' },
    );
    expect(after).toEqual({ _id: 1, queue: 'q', priority: 3, state: 'new' });
  });

  test('sort picks which of several matches is updated', async () => {
    const coll = await seeded();
    const taken = await coll.findOneAndUpdate(
      { state: 'new' },
      { $set: { state: 'taken' } },
      { sort: { priority: -1 }, returnDocument: 'after' },
    );
    expect(taken).toMatchObject({ _id: 2, state: 'taken' });
    const next = await coll.findOneAndUpdate(
      { state: 'new' },
      { $set: { state: 'taken' } },
      { sort: { priority: 1 } },
    );
    expect(next).toMatchObject({ _id: 3, state: 'new' });
  });

  test('projection shapes the returned document only', async () => {
    const coll = await seeded();
    const doc = await coll.findOneAndUpdate(
      { _id: 2 },
      { $set: { state: 'x' } },
      { projection: { state: 1, _id: 0 }, returnDocument: 'after' },
    );
    expect(doc).toEqual({ state: 'x' });
    expect(await coll.findOne({ _id: 2 })).toEqual({ _id: 2, queue: 'q', priority: 5, state: 'x' });
  });

  test('returns null when nothing matches and upsert is off', async () => {
    const coll = await seeded();
    expect(await coll.findOneAndUpdate({ _id: 99 }, { $set: { state: 'x' } })).toBeNull();
    expect(await coll.countDocuments()).toBe(3);
  });

  test('upsert inserts; "before" returns null and "after" returns the new document', async () => {
    const coll = await seeded();
    expect(
      await coll.findOneAndUpdate({ _id: 10 }, { $set: { state: 'made' } }, { upsert: true }),
    ).toBeNull();
    expect(await coll.findOne({ _id: 10 })).toEqual({ _id: 10, state: 'made' });
    const after = await coll.findOneAndUpdate(
      { queue: 'other' },
      { $set: { state: 'made' } },
      { upsert: true, returnDocument: 'after' },
    );
    expect(after).toEqual({ _id: expect.any(ObjectId), queue: 'other', state: 'made' });
  });

  test('includeResultMetadata exposes lastErrorObject', async () => {
    const coll = await seeded();
    const updated = await coll.findOneAndUpdate(
      { _id: 1 },
      { $set: { state: 'y' } },
      { includeResultMetadata: true },
    );
    expect(updated.ok).toBe(1);
    expect(updated.lastErrorObject).toMatchObject({ n: 1, updatedExisting: true });
    const upserted = await coll.findOneAndUpdate(
      { _id: 20 },
      { $set: { state: 'y' } },
      { upsert: true, includeResultMetadata: true },
    );
    expect(upserted.lastErrorObject).toMatchObject({ n: 1, updatedExisting: false, upserted: 20 });
    expect(upserted.value).toBeNull();
  });
});

describe('findOneAndReplace', () => {
  test('replaces and returns the original or the replacement', async () => {
    const coll = await seeded();
    const before = await coll.findOneAndReplace({ _id: 1 }, { replaced: true });
    expect(before).toEqual({ _id: 1, queue: 'q', priority: 2, state: 'new' });
    const after = await coll.findOneAndReplace(
      { _id: 1 },
      { replaced: 'again' },
      { returnDocument: 'after' },
    );
    expect(after).toEqual({ _id: 1, replaced: 'again' });
  });

  test('sorts and upserts', async () => {
    const coll = await seeded();
    const lowest = await coll.findOneAndReplace({ queue: 'q' }, { queue: 'done' }, { sort: { priority: 1 } });
    expect(lowest).toMatchObject({ _id: 3 });
    const created = await coll.findOneAndReplace(
      { _id: 50 },
      { v: 1 },
      { upsert: true, returnDocument: 'after' },
    );
    expect(created).toEqual({ _id: 50, v: 1 });
  });
});

describe('findOneAndDelete', () => {
  test('deletes the first match in sort order and returns it', async () => {
    const coll = await seeded();
    const removed = await coll.findOneAndDelete({ queue: 'q' }, { sort: { priority: -1 } });
    expect(removed).toEqual({ _id: 2, queue: 'q', priority: 5, state: 'new' });
    expect(await coll.countDocuments()).toBe(2);
  });

  test('applies a projection to the returned document', async () => {
    const coll = await seeded();
    expect(await coll.findOneAndDelete({ _id: 3 }, { projection: { priority: 1 } })).toEqual({
      _id: 3,
      priority: 1,
    });
  });

  test('returns null when nothing matches', async () => {
    const coll = await seeded();
    expect(await coll.findOneAndDelete({ _id: 404 })).toBeNull();
    expect(await coll.countDocuments()).toBe(3);
  });
});
