import { freshCollection, useTestDatabase } from './helpers';

const t = useTestDatabase();

describe('positional $', () => {
  test('updates the first array element the filter matched', async () => {
    const coll = freshCollection(t().db);
    await coll.insertOne({ _id: 1, grades: [80, 85, 80] });
    await coll.updateOne({ _id: 1, grades: 80 }, { $set: { 'grades.$': 82 } });
    expect(await coll.findOne({ _id: 1 })).toEqual({ _id: 1, grades: [82, 85, 80] });
  });

  test('updates a field of the matched embedded document', async () => {
    const coll = freshCollection(t().db);
    await coll.insertOne({
      _id: 1,
      items: [
        { sku: 'a', qty: 1 },
        { sku: 'b', qty: 1 },
      ],
    });
    await coll.updateOne({ 'items.sku': 'b' }, { $inc: { 'items.$.qty': 5 } });
    expect(await coll.findOne({ _id: 1 })).toEqual({
      _id: 1,
      items: [
        { sku: 'a', qty: 1 },
        { sku: 'b', qty: 6 },
      ],
    });
  });

  test('works with $elemMatch in the filter', async () => {
    const coll = freshCollection(t().db);
    await coll.insertOne({
      _id: 1,
      items: [
        { sku: 'a', qty: 1 },
        { sku: 'a', qty: 9 },
      ],
    });
    await coll.updateOne(
      { items: { $elemMatch: { sku: 'a', qty: { $gt: 5 } } } },
      { $set: { 'items.$.hit': true } },
    );
    expect((await coll.findOne({ _id: 1 }))!.items).toEqual([
      { sku: 'a', qty: 1 },
      { sku: 'a', qty: 9, hit: true },
    ]);
  });
});

describe('all positional $[]', () => {
  test('updates every element', async () => {
    const coll = freshCollection(t().db);
    await coll.insertOne({ _id: 1, grades: [1, 2, 3] });
    await coll.updateOne({ _id: 1 }, { $inc: { 'grades.$[]': 10 } });
    expect(await coll.findOne({ _id: 1 })).toEqual({ _id: 1, grades: [11, 12, 13] });
  });

  test('updates a field in every embedded document', async () => {
    const coll = freshCollection(t().db);
    await coll.insertOne({ _id: 1, items: [{ q: 1 }, { q: 2 }] });
    await coll.updateOne({ _id: 1 }, { $set: { 'items.$[].done': true } });
    expect(await coll.findOne({ _id: 1 })).toEqual({
      _id: 1,
      items: [
        { q: 1, done: true },
        { q: 2, done: true },
      ],
    });
  });
});

describe('filtered positional $[<identifier>] with arrayFilters', () => {
  test('updates only the elements the array filter selects', async () => {
    const coll = freshCollection(t().db);
    await coll.insertMany([
      { _id: 1, grades: [95, 92, 90] },
      { _id: 2, grades: [98, 100, 102] },
    ]);
    const result = await coll.updateMany(
      {},
      { $set: { 'grades.$[el]': 100 } },
      { arrayFilters: [{ el: { $gte: 100 } }] },
    );
    expect(result).toMatchObject({ matchedCount: 2, modifiedCount: 1 });
    expect(await coll.find().sort({ _id: 1 }).toArray()).toEqual([
      { _id: 1, grades: [95, 92, 90] },
      { _id: 2, grades: [98, 100, 100] },
    ]);
  });

  test('filters embedded documents by their fields', async () => {
    const coll = freshCollection(t().db);
    await coll.insertOne({
      _id: 1,
      items: [
        { sku: 'a', qty: 1 },
        { sku: 'b', qty: 7 },
        { sku: 'c', qty: 9 },
      ],
    });
    await coll.updateOne(
      { _id: 1 },
      { $inc: { 'items.$[big].qty': 100 } },
      { arrayFilters: [{ 'big.qty': { $gt: 5 } }] },
    );
    expect((await coll.findOne({ _id: 1 }))!.items).toEqual([
      { sku: 'a', qty: 1 },
      { sku: 'b', qty: 107 },
      { sku: 'c', qty: 109 },
    ]);
  });
});

describe('pipeline-style updates', () => {
  test('$set stages can compute from the existing fields', async () => {
    const coll = freshCollection(t().db);
    await coll.insertOne({ _id: 1, a: 2, b: 3 });
    await coll.updateOne({ _id: 1 }, [
      { $set: { sum: { $add: ['$a', '$b'] } } },
      { $set: { double: { $multiply: ['$sum', 2] } } },
    ]);
    expect(await coll.findOne({ _id: 1 })).toEqual({ _id: 1, a: 2, b: 3, sum: 5, double: 10 });
  });

  test('$unset stages remove fields', async () => {
    const coll = freshCollection(t().db);
    await coll.insertOne({ _id: 1, keep: 1, tmp: 2, other: 3 });
    await coll.updateOne({ _id: 1 }, [{ $unset: ['tmp', 'other'] }]);
    expect(await coll.findOne({ _id: 1 })).toEqual({ _id: 1, keep: 1 });
  });

  test('applies to every document of updateMany', async () => {
    const coll = freshCollection(t().db);
    await coll.insertMany([
      { _id: 1, first: 'Ada', last: 'Lovelace' },
      { _id: 2, first: 'Alan', last: 'Turing' },
    ]);
    const result = await coll.updateMany({}, [{ $set: { full: { $concat: ['$first', ' ', '$last'] } } }]);
    expect(result.modifiedCount).toBe(2);
    expect((await coll.find().sort({ _id: 1 }).toArray()).map((d) => d.full)).toEqual([
      'Ada Lovelace',
      'Alan Turing',
    ]);
  });

  test('a pipeline that changes nothing is not a modification', async () => {
    const coll = freshCollection(t().db);
    await coll.insertOne({ _id: 1, a: 1 });
    const result = await coll.updateOne({ _id: 1 }, [{ $set: { a: 1 } }]);
    expect(result).toMatchObject({ matchedCount: 1, modifiedCount: 0 });
  });
});
