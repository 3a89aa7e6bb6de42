import { Timestamp, type Document } from 'mongodb';
import { freshCollection, useTestDatabase } from './helpers';

const t = useTestDatabase();

/** Inserts `doc` as `_id: 1`, applies `update`, and returns the stored result. */
async function afterUpdate(doc: Document, update: Document): Promise<Document | null> {
  const coll = freshCollection(t().db);
  await coll.insertOne({ _id: 1, ...doc });
  await coll.updateOne({ _id: 1 }, update);
  return coll.findOne({ _id: 1 });
}

describe('$set', () => {
  test('replaces a value and adds new fields at the end', async () => {
    const doc = await afterUpdate({ a: 1, b: 2 }, { $set: { a: 'one', c: 3 } });
    expect(doc).toEqual({ _id: 1, a: 'one', b: 2, c: 3 });
    expect(Object.keys(doc!)).toEqual(['_id', 'a', 'b', 'c']);
  });

  test('creates the embedded documents of a dotted path', async () => {
    expect(await afterUpdate({}, { $set: { 'x.y.z': 1 } })).toEqual({ _id: 1, x: { y: { z: 1 } } });
    expect(await afterUpdate({ x: { keep: true } }, { $set: { 'x.y': 2 } })).toEqual({
      _id: 1,
      x: { keep: true, y: 2 },
    });
  });

  test('sets an array element by position, padding with nulls', async () => {
    expect(await afterUpdate({ arr: [1, 2, 3] }, { $set: { 'arr.1': 20 } })).toEqual({
      _id: 1,
      arr: [1, 20, 3],
    });
    expect(await afterUpdate({ arr: [1] }, { $set: { 'arr.3': 4 } })).toEqual({
      _id: 1,
      arr: [1, null, null, 4],
    });
  });

  test('adds several new fields in lexicographic order of their names (MongoDB 5.0+)', async () => {
    const doc = await afterUpdate({ m: 0 }, { $set: { z: 1, b: 2, a: 3 } });
    expect(Object.keys(doc!)).toEqual(['_id', 'm', 'a', 'b', 'z']);
  });

  test('orders new fields by name inside embedded documents too, after the existing ones', async () => {
    const doc = await afterUpdate({ x: { q: 1 } }, { $set: { 'x.z': 1, 'x.b': 2 } });
    expect(Object.keys(doc!.x)).toEqual(['q', 'b', 'z']);
  });

  test('replaces a whole embedded document', async () => {
    expect(await afterUpdate({ o: { a: 1, b: 2 } }, { $set: { o: { c: 3 } } })).toEqual({
      _id: 1,
      o: { c: 3 },
    });
  });
});

describe('$unset', () => {
  test('removes top-level and nested fields, ignoring missing ones', async () => {
    const doc = await afterUpdate({ a: 1, b: { c: 2, d: 3 } }, { $unset: { a: '', 'b.c': 1, missing: '' } });
    expect(doc).toEqual({ _id: 1, b: { d: 3 } });
  });

  test('on an array element sets it to null instead of removing it', async () => {
    expect(await afterUpdate({ arr: [1, 2, 3] }, { $unset: { 'arr.1': '' } })).toEqual({
      _id: 1,
      arr: [1, null, 3],
    });
  });
});

describe('$inc and $mul', () => {
  test('$inc adds, creates missing fields, and accepts negatives and fractions', async () => {
    expect(await afterUpdate({ n: 5 }, { $inc: { n: -2, m: 1.5, 'o.p': 1 } })).toEqual({
      _id: 1,
      n: 3,
      m: 1.5,
      o: { p: 1 },
    });
  });

  test('$mul multiplies and sets a missing field to 0', async () => {
    expect(await afterUpdate({ price: 10 }, { $mul: { price: 1.5, qty: 3 } })).toEqual({
      _id: 1,
      price: 15,
      qty: 0,
    });
  });
});

describe('$min and $max', () => {
  test('$min only lowers, $max only raises', async () => {
    expect(await afterUpdate({ lo: 5, hi: 5 }, { $min: { lo: 3, hi: 3 } })).toEqual({ _id: 1, lo: 3, hi: 3 });
    expect(await afterUpdate({ lo: 5, hi: 5 }, { $min: { lo: 8 }, $max: { hi: 8 } })).toEqual({
      _id: 1,
      lo: 5,
      hi: 8,
    });
    expect(await afterUpdate({ hi: 5 }, { $max: { hi: 2 } })).toEqual({ _id: 1, hi: 5 });
  });

  test('create a missing field and compare dates', async () => {
    const early = new Date('2020-01-01T00:00:00Z');
    const late = new Date('2021-01-01T00:00:00Z');
    expect(await afterUpdate({ at: late }, { $min: { at: early, fresh: 7 } })).toEqual({
      _id: 1,
      at: early,
      fresh: 7,
    });
  });

  test('a no-op $min reports no modification', async () => {
    const coll = freshCollection(t().db);
    await coll.insertOne({ _id: 1, v: 1 });
    expect(await coll.updateOne({ _id: 1 }, { $min: { v: 5 } })).toMatchObject({
      matchedCount: 1,
      modifiedCount: 0,
    });
  });
});

describe('$rename', () => {
  test('moves a value to a new name, including into and out of embedded documents', async () => {
    expect(await afterUpdate({ a: 1, b: 2 }, { $rename: { a: 'z' } })).toEqual({ _id: 1, b: 2, z: 1 });
    expect(await afterUpdate({ a: 1 }, { $rename: { a: 'n.a' } })).toEqual({ _id: 1, n: { a: 1 } });
    expect(await afterUpdate({ n: { a: 1, b: 2 } }, { $rename: { 'n.a': 'top' } })).toEqual({
      _id: 1,
      n: { b: 2 },
      top: 1,
    });
  });

  test('overwrites an existing target and ignores a missing source', async () => {
    expect(await afterUpdate({ a: 1, b: 2 }, { $rename: { a: 'b' } })).toEqual({ _id: 1, b: 1 });
    expect(await afterUpdate({ a: 1 }, { $rename: { missing: 'x' } })).toEqual({ _id: 1, a: 1 });
  });
});

describe('$currentDate', () => {
  test('sets a date, or a timestamp when asked', async () => {
    const before = Date.now();
    const doc = await afterUpdate(
      {},
      { $currentDate: { when: true, ts: { $type: 'timestamp' }, d: { $type: 'date' } } },
    );
    expect(doc!.when).toBeInstanceOf(Date);
    expect(doc!.d).toBeInstanceOf(Date);
    expect(doc!.ts).toBeInstanceOf(Timestamp);
    // Same clock, so only a coarse sanity check (no timing assertion): the date is not from the distant past.
    expect((doc!.when as Date).getTime()).toBeGreaterThan(before - 24 * 3600 * 1000);
  });
});

describe('$setOnInsert', () => {
  test('is ignored when the update matches an existing document', async () => {
    const coll = freshCollection(t().db);
    await coll.insertOne({ _id: 1, a: 1 });
    const result = await coll.updateOne(
      { _id: 1 },
      { $set: { a: 2 }, $setOnInsert: { created: true } },
      { upsert: true },
    );
    expect(result).toMatchObject({ matchedCount: 1, modifiedCount: 1, upsertedCount: 0 });
    expect(await coll.findOne({ _id: 1 })).toEqual({ _id: 1, a: 2 });
  });

  test('applies when an upsert inserts', async () => {
    const coll = freshCollection(t().db);
    const result = await coll.updateOne(
      { _id: 2 },
      { $set: { a: 2 }, $setOnInsert: { created: true } },
      { upsert: true },
    );
    expect(result).toMatchObject({ matchedCount: 0, upsertedCount: 1, upsertedId: 2 });
    expect(await coll.findOne({ _id: 2 })).toEqual({ _id: 2, a: 2, created: true });
  });

  test('alone, on an existing document, changes nothing', async () => {
    const coll = freshCollection(t().db);
    await coll.insertOne({ _id: 1 });
    const result = await coll.updateOne({ _id: 1 }, { $setOnInsert: { created: true } }, { upsert: true });
    expect(result).toMatchObject({ matchedCount: 1, modifiedCount: 0 });
    expect(await coll.findOne({ _id: 1 })).toEqual({ _id: 1 });
  });

  test('alone, on an existing document, is still checked', async () => {
    const coll = freshCollection(t().db);
    await coll.insertOne({ _id: 1 });
    await expect(
      coll.updateOne({ _id: 1 }, { $setOnInsert: 5 } as never, { upsert: true }),
    ).rejects.toMatchObject({ code: 9 });
    expect(await coll.findOne({ _id: 1 })).toEqual({ _id: 1 });
  });
});

describe('several operators in one update', () => {
  test('apply together on different paths', async () => {
    const doc = await afterUpdate(
      { a: 1, b: 2, c: [1] },
      { $set: { a: 10 }, $inc: { b: 1 }, $push: { c: 2 }, $unset: { d: '' } },
    );
    expect(doc).toEqual({ _id: 1, a: 10, b: 3, c: [1, 2] });
  });
});
