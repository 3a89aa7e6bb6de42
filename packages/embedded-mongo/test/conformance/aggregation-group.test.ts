import type { Collection, Document } from 'mongodb';
import { byKey, expectServerError, freshCollection, useTestDatabase, type TestDoc } from './helpers';

const t = useTestDatabase();

let sales: Collection<TestDoc>;
beforeAll(async () => {
  sales = freshCollection(t().db, 'sales');
  await sales.insertMany([
    { _id: 1, shop: 'north', item: 'pen', qty: 2, at: 1 },
    { _id: 2, shop: 'south', item: 'ink', qty: 1, at: 2 },
    { _id: 3, shop: 'north', item: 'pad', qty: 5, at: 3 },
    { _id: 4, shop: 'north', item: 'pen', qty: 10, at: 4 },
    { _id: 5, shop: 'south', item: 'pen', qty: 3, at: 5 },
    { _id: 6, shop: 'east', item: 'pad' },
  ]);
});

function run(pipeline: Document[]): Promise<Document[]> {
  return sales.aggregate(pipeline).toArray();
}

describe('$group', () => {
  test('$sum counts with a constant and totals a field (missing values add nothing)', async () => {
    const docs = await run([{ $group: { _id: '$shop', n: { $sum: 1 }, qty: { $sum: '$qty' } } }]);
    expect(byKey(docs)).toEqual([
      { _id: 'east', n: 1, qty: 0 },
      { _id: 'north', n: 3, qty: 17 },
      { _id: 'south', n: 2, qty: 4 },
    ]);
  });

  test('$avg, $min and $max ignore missing values', async () => {
    const docs = await run([
      { $group: { _id: '$shop', avg: { $avg: '$qty' }, min: { $min: '$qty' }, max: { $max: '$qty' } } },
    ]);
    expect(byKey(docs)).toEqual([
      { _id: 'east', avg: null, min: null, max: null },
      { _id: 'north', avg: 17 / 3, min: 2, max: 10 },
      { _id: 'south', avg: 2, min: 1, max: 3 },
    ]);
  });

  test('$push collects every value in input order, $addToSet each distinct value', async () => {
    const docs = await run([
      { $sort: { _id: 1 } },
      { $group: { _id: '$shop', items: { $push: '$item' }, distinct: { $addToSet: '$item' } } },
      { $sort: { _id: 1 } },
    ]);
    const north = docs.find((d) => d._id === 'north')!;
    expect(north.items).toEqual(['pen', 'pad', 'pen']);
    expect([...north.distinct].sort()).toEqual(['pad', 'pen']);
  });

  test('$first and $last follow the order of the preceding $sort', async () => {
    const docs = await run([
      { $sort: { at: 1 } },
      {
        $group: {
          _id: '$item',
          first: { $first: '$shop' },
          last: { $last: '$shop' },
          firstAt: { $first: '$at' },
        },
      },
    ]);
    expect(byKey(docs)).toEqual([
      { _id: 'ink', first: 'south', last: 'south', firstAt: 2 },
      { _id: 'pad', first: 'east', last: 'north', firstAt: null },
      { _id: 'pen', first: 'north', last: 'south', firstAt: 1 },
    ]);
  });

  test('_id null groups everything into one document', async () => {
    expect(await run([{ $group: { _id: null, total: { $sum: '$qty' }, n: { $sum: 1 } } }])).toEqual([
      { _id: null, total: 21, n: 6 },
    ]);
  });

  test('a compound _id groups by several fields', async () => {
    const docs = await run([
      { $group: { _id: { shop: '$shop', item: '$item' }, qty: { $sum: '$qty' } } },
      { $sort: { '_id.shop': 1, '_id.item': 1 } },
    ]);
    expect(docs).toEqual([
      { _id: { shop: 'east', item: 'pad' }, qty: 0 },
      { _id: { shop: 'north', item: 'pad' }, qty: 5 },
      { _id: { shop: 'north', item: 'pen' }, qty: 12 },
      { _id: { shop: 'south', item: 'ink' }, qty: 1 },
      { _id: { shop: 'south', item: 'pen' }, qty: 3 },
    ]);
  });

  test('accumulators take expressions', async () => {
    const docs = await run([
      { $match: { qty: { $exists: true } } },
      { $group: { _id: null, doubled: { $sum: { $multiply: ['$qty', 2] } } } },
    ]);
    expect(docs).toEqual([{ _id: null, doubled: 42 }]);
  });

  test('$group then $match then $sort (a "having" clause)', async () => {
    const docs = await run([
      { $group: { _id: '$item', qty: { $sum: '$qty' } } },
      { $match: { qty: { $gt: 2 } } },
      { $sort: { qty: -1 } },
    ]);
    expect(docs).toEqual([
      { _id: 'pen', qty: 15 },
      { _id: 'pad', qty: 5 },
    ]);
  });

  test('$sortByCount groups and orders by frequency', async () => {
    const docs = await run([{ $sortByCount: '$item' }]);
    expect(docs[0]).toEqual({ _id: 'pen', count: 3 });
    expect(byKey(docs.slice(1))).toEqual([
      { _id: 'ink', count: 1 },
      { _id: 'pad', count: 2 },
    ]);
  });

  test('a $group without _id is an error (15955)', async () => {
    await expectServerError(run([{ $group: { total: { $sum: 1 } } }]), 15955);
  });
});
