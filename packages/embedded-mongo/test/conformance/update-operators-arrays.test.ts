import type { Document } from 'mongodb';
import { freshCollection, useTestDatabase } from './helpers';

const t = useTestDatabase();

/** Inserts `doc` as `_id: 1`, applies `update`, and returns the stored result without `_id`. */
async function afterUpdate(doc: Document, update: Document): Promise<Document | null> {
  const coll = freshCollection(t().db);
  await coll.insertOne({ _id: 1, ...doc });
  await coll.updateOne({ _id: 1 }, update);
  return coll.findOne({ _id: 1 }, { projection: { _id: 0 } });
}

describe('$push', () => {
  test('appends one value, creating the array when missing', async () => {
    expect(await afterUpdate({ a: [1] }, { $push: { a: 2 } })).toEqual({ a: [1, 2] });
    expect(await afterUpdate({}, { $push: { a: 1 } })).toEqual({ a: [1] });
  });

  test('appends an array value as a single element', async () => {
    expect(await afterUpdate({ a: [1] }, { $push: { a: [2, 3] } })).toEqual({ a: [1, [2, 3]] });
  });

  test('$each appends several values', async () => {
    expect(await afterUpdate({ a: [1] }, { $push: { a: { $each: [2, 3] } } })).toEqual({ a: [1, 2, 3] });
  });

  test('$position inserts at an index, negative counting from the end', async () => {
    expect(await afterUpdate({ a: [1, 4] }, { $push: { a: { $each: [2, 3], $position: 1 } } })).toEqual({
      a: [1, 2, 3, 4],
    });
    expect(await afterUpdate({ a: [1, 4] }, { $push: { a: { $each: [0], $position: 0 } } })).toEqual({
      a: [0, 1, 4],
    });
    expect(await afterUpdate({ a: [1, 2, 3] }, { $push: { a: { $each: [9], $position: -1 } } })).toEqual({
      a: [1, 2, 9, 3],
    });
  });

  test('$slice keeps the first or last N after pushing', async () => {
    expect(await afterUpdate({ a: [1, 2, 3] }, { $push: { a: { $each: [4, 5], $slice: 3 } } })).toEqual({
      a: [1, 2, 3],
    });
    expect(await afterUpdate({ a: [1, 2, 3] }, { $push: { a: { $each: [4, 5], $slice: -2 } } })).toEqual({
      a: [4, 5],
    });
    expect(await afterUpdate({ a: [1, 2, 3] }, { $push: { a: { $each: [], $slice: 0 } } })).toEqual({
      a: [],
    });
  });

  test('$sort orders the array, by value or by a field of embedded documents', async () => {
    expect(await afterUpdate({ a: [3, 1] }, { $push: { a: { $each: [2], $sort: 1 } } })).toEqual({
      a: [1, 2, 3],
    });
    const scores = [
      { n: 'x', s: 5 },
      { n: 'y', s: 9 },
    ];
    const doc = await afterUpdate(
      { scores },
      { $push: { scores: { $each: [{ n: 'z', s: 7 }], $sort: { s: -1 }, $slice: 2 } } },
    );
    expect(doc).toEqual({
      scores: [
        { n: 'y', s: 9 },
        { n: 'z', s: 7 },
      ],
    });
  });
});

describe('$addToSet', () => {
  test('adds a value only when it is not already present', async () => {
    expect(await afterUpdate({ a: [1, 2] }, { $addToSet: { a: 2 } })).toEqual({ a: [1, 2] });
    expect(await afterUpdate({ a: [1, 2] }, { $addToSet: { a: 3 } })).toEqual({ a: [1, 2, 3] });
  });

  test('compares embedded documents as whole values, field order included', async () => {
    const doc = await afterUpdate(
      { a: [{ x: 1, y: 2 }] },
      {
        $addToSet: {
          a: {
            $each: [
              { x: 1, y: 2 },
              { y: 2, x: 1 },
            ],
          },
        },
      },
    );
    expect(doc).toEqual({
      a: [
        { x: 1, y: 2 },
        { y: 2, x: 1 },
      ],
    });
  });

  test('$each adds each missing value once', async () => {
    expect(await afterUpdate({ a: [1] }, { $addToSet: { a: { $each: [1, 2, 2, 3] } } })).toEqual({
      a: [1, 2, 3],
    });
  });

  test('$each on a missing field creates the array without duplicates', async () => {
    expect(await afterUpdate({}, { $addToSet: { tags: { $each: ['x', 'y', 'x'] } } })).toEqual({
      tags: ['x', 'y'],
    });
  });

  test('adding an element already present is not a modification', async () => {
    const coll = freshCollection(t().db);
    await coll.insertOne({ _id: 1, a: [1] });
    expect(await coll.updateOne({ _id: 1 }, { $addToSet: { a: 1 } })).toMatchObject({
      matchedCount: 1,
      modifiedCount: 0,
    });
  });
});

describe('$pull and $pullAll', () => {
  test('$pull removes every equal value', async () => {
    expect(await afterUpdate({ a: [1, 2, 1, 3] }, { $pull: { a: 1 } })).toEqual({ a: [2, 3] });
  });

  test('$pull with a condition removes every matching value', async () => {
    expect(await afterUpdate({ a: [1, 5, 7, 2] }, { $pull: { a: { $gte: 5 } } })).toEqual({ a: [1, 2] });
    expect(
      await afterUpdate({ a: ['apple', 'kiwi', 'avocado'] }, { $pull: { a: { $in: ['kiwi', 'nope'] } } }),
    ).toEqual({
      a: ['apple', 'avocado'],
    });
  });

  test('$pull with a document condition matches embedded documents by their fields', async () => {
    const items = [
      { sku: 'a', qty: 0 },
      { sku: 'b', qty: 2 },
      { sku: 'c', qty: 0, extra: true },
    ];
    expect(await afterUpdate({ items }, { $pull: { items: { qty: 0 } } })).toEqual({
      items: [{ sku: 'b', qty: 2 }],
    });
  });

  test('$pullAll removes every listed value', async () => {
    expect(await afterUpdate({ a: [0, 1, 2, 0, 3, 1] }, { $pullAll: { a: [0, 1] } })).toEqual({ a: [2, 3] });
  });

  test('pulling from a missing field changes nothing', async () => {
    const coll = freshCollection(t().db);
    await coll.insertOne({ _id: 1 });
    expect(await coll.updateOne({ _id: 1 }, { $pull: { a: 1 } } as Document)).toMatchObject({
      matchedCount: 1,
      modifiedCount: 0,
    });
  });
});

describe('$pop', () => {
  test('1 removes the last element and -1 the first', async () => {
    expect(await afterUpdate({ a: [1, 2, 3] }, { $pop: { a: 1 } })).toEqual({ a: [1, 2] });
    expect(await afterUpdate({ a: [1, 2, 3] }, { $pop: { a: -1 } })).toEqual({ a: [2, 3] });
  });

  test('on an empty array leaves it empty', async () => {
    expect(await afterUpdate({ a: [] }, { $pop: { a: 1 } })).toEqual({ a: [] });
  });
});
