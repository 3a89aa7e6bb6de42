import { freshCollection, useTestDatabase } from './helpers';

const t = useTestDatabase();

async function seeded() {
  const coll = freshCollection(t().db);
  await coll.insertMany([
    { _id: 1, kind: 'a', n: 1 },
    { _id: 2, kind: 'a', n: 2 },
    { _id: 3, kind: 'b', n: 3 },
  ]);
  return coll;
}

describe('updateOne', () => {
  test('updates only the first matching document', async () => {
    const coll = await seeded();
    const result = await coll.updateOne({ kind: 'a' }, { $set: { touched: true } });
    expect(result).toMatchObject({
      acknowledged: true,
      matchedCount: 1,
      modifiedCount: 1,
      upsertedCount: 0,
      upsertedId: null,
    });
    expect(await coll.countDocuments({ touched: true })).toBe(1);
  });

  test('a no-op update matches but modifies nothing', async () => {
    const coll = await seeded();
    const result = await coll.updateOne({ _id: 1 }, { $set: { n: 1 } });
    expect(result).toMatchObject({ matchedCount: 1, modifiedCount: 0 });
    expect(await coll.findOne({ _id: 1 })).toEqual({ _id: 1, kind: 'a', n: 1 });
  });

  test('no match reports zero counts and changes nothing', async () => {
    const coll = await seeded();
    const result = await coll.updateOne({ kind: 'zzz' }, { $set: { touched: true } });
    expect(result).toMatchObject({ matchedCount: 0, modifiedCount: 0, upsertedId: null });
    expect(await coll.countDocuments({ touched: true })).toBe(0);
  });
});

describe('updateMany', () => {
  test('updates every matching document', async () => {
    const coll = await seeded();
    const result = await coll.updateMany({ kind: 'a' }, { $inc: { n: 10 } });
    expect(result).toMatchObject({ matchedCount: 2, modifiedCount: 2 });
    expect(await coll.find().sort({ _id: 1 }).toArray()).toEqual([
      { _id: 1, kind: 'a', n: 11 },
      { _id: 2, kind: 'a', n: 12 },
      { _id: 3, kind: 'b', n: 3 },
    ]);
  });

  test('counts only the documents that actually changed as modified', async () => {
    const coll = await seeded();
    const result = await coll.updateMany({}, { $set: { kind: 'a' } });
    expect(result).toMatchObject({ matchedCount: 3, modifiedCount: 1 });
  });

  test('an update that changes a field the filter selects on still visits each document once', async () => {
    const coll = await seeded();
    const result = await coll.updateMany({ n: { $gte: 1 } }, { $inc: { n: 100 } });
    expect(result).toMatchObject({ matchedCount: 3, modifiedCount: 3 });
    expect((await coll.find().sort({ _id: 1 }).toArray()).map((d) => d.n)).toEqual([101, 102, 103]);
  });
});

describe('replaceOne', () => {
  test('replaces the whole document but keeps its _id', async () => {
    const coll = await seeded();
    const result = await coll.replaceOne({ _id: 2 }, { other: 'shape' });
    expect(result).toMatchObject({ matchedCount: 1, modifiedCount: 1 });
    expect(await coll.findOne({ _id: 2 })).toEqual({ _id: 2, other: 'shape' });
  });

  test('replacing with an identical document is not a modification', async () => {
    const coll = await seeded();
    const result = await coll.replaceOne({ _id: 3 }, { kind: 'b', n: 3 });
    expect(result).toMatchObject({ matchedCount: 1, modifiedCount: 0 });
  });

  test('the replacement may repeat the same _id', async () => {
    const coll = await seeded();
    const result = await coll.replaceOne({ _id: 1 }, { _id: 1, v: 'new' });
    expect(result.modifiedCount).toBe(1);
    expect(await coll.findOne({ _id: 1 })).toEqual({ _id: 1, v: 'new' });
  });
});

describe('deleteOne / deleteMany', () => {
  test('deleteOne removes a single matching document', async () => {
    const coll = await seeded();
    const result = await coll.deleteOne({ kind: 'a' });
    expect(result).toEqual({ acknowledged: true, deletedCount: 1 });
    expect(await coll.countDocuments({ kind: 'a' })).toBe(1);
  });

  test('deleteMany removes every matching document', async () => {
    const coll = await seeded();
    expect(await coll.deleteMany({ kind: 'a' })).toEqual({ acknowledged: true, deletedCount: 2 });
    expect(await coll.find().toArray()).toEqual([{ _id: 3, kind: 'b', n: 3 }]);
  });

  test('deleting with no match reports zero', async () => {
    const coll = await seeded();
    expect((await coll.deleteMany({ kind: 'zzz' })).deletedCount).toBe(0);
    expect((await coll.deleteOne({ kind: 'zzz' })).deletedCount).toBe(0);
    expect(await coll.countDocuments()).toBe(3);
  });

  test('deleteMany with an empty filter empties the collection', async () => {
    const coll = await seeded();
    expect((await coll.deleteMany({})).deletedCount).toBe(3);
    expect(await coll.countDocuments()).toBe(0);
  });

  test('deletes on a collection that does not exist succeed with zero', async () => {
    const coll = freshCollection(t().db);
    expect((await coll.deleteMany({})).deletedCount).toBe(0);
  });
});
