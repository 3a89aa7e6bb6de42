import type { Collection, Document } from 'mongodb';
import {
  asLong,
  withSession,
  expectServerError,
  freshCollection,
  useTestDatabase,
  type TestDoc,
} from './helpers';

const t = useTestDatabase();

const ORDERS = [
  { _id: 1, customer: 'ann', item: 'pen', qty: 2, price: 1.5 },
  { _id: 2, customer: 'bob', item: 'ink', qty: 1, price: 20 },
  { _id: 3, customer: 'ann', item: 'pad', qty: 5, price: 4 },
  { _id: 4, customer: 'cat', item: 'pen', qty: 10, price: 1.5 },
  { _id: 5, customer: 'bob', item: 'pen', qty: 3, price: 1.5, note: 'gift' },
];

let orders: Collection<TestDoc>;
beforeAll(async () => {
  orders = freshCollection(t().db, 'orders');
  await orders.insertMany(ORDERS);
});

function run(pipeline: Document[]): Promise<Document[]> {
  return orders.aggregate(pipeline).toArray();
}

describe('single stages', () => {
  test('an empty pipeline returns every document', async () => {
    expect(await run([{ $sort: { _id: 1 } }])).toEqual(ORDERS);
  });

  test('$match filters with query operators', async () => {
    const docs = await run([{ $match: { item: 'pen', qty: { $gte: 3 } } }, { $sort: { _id: 1 } }]);
    expect(docs.map((d) => d._id)).toEqual([4, 5]);
  });

  test('$match with $expr compares fields of the same document', async () => {
    const docs = await run([{ $match: { $expr: { $gt: ['$qty', '$price'] } } }, { $sort: { _id: 1 } }]);
    expect(docs.map((d) => d._id)).toEqual([1, 3, 4, 5]);
  });

  test('$sort orders by several keys', async () => {
    const docs = await run([{ $sort: { customer: -1, qty: 1 } }]);
    expect(docs.map((d) => d._id)).toEqual([4, 2, 5, 1, 3]);
  });

  test('$skip and $limit', async () => {
    expect((await run([{ $sort: { _id: 1 } }, { $skip: 3 }])).map((d) => d._id)).toEqual([4, 5]);
    expect((await run([{ $sort: { _id: 1 } }, { $limit: 2 }])).map((d) => d._id)).toEqual([1, 2]);
  });

  test('$project includes, renames and computes fields', async () => {
    const docs = await run([
      { $match: { _id: 3 } },
      { $project: { _id: 0, who: '$customer', total: { $multiply: ['$qty', '$price'] }, item: 1 } },
    ]);
    expect(docs).toEqual([{ item: 'pad', who: 'ann', total: 20 }]);
  });

  test('$project that only keeps fields keeps them in the document’s order, and in a $lookup’s pipeline', async () => {
    const [kept] = await run([{ $match: { _id: 5 } }, { $project: { note: 1, customer: 1, _id: 0 } }]);
    expect(Object.keys(kept)).toEqual(['customer', 'note']);
    const joined = await run([
      { $match: { _id: { $in: [1, 2] } } },
      { $project: { customer: 1 } },
      {
        $lookup: {
          from: orders.collectionName,
          localField: 'customer',
          foreignField: 'customer',
          pipeline: [{ $project: { qty: 1, _id: 0 } }],
          as: 'theirs',
        },
      },
      { $sort: { _id: 1 } },
    ]);
    expect(joined).toEqual([
      { _id: 1, customer: 'ann', theirs: [{ qty: 2 }, { qty: 5 }] },
      { _id: 2, customer: 'bob', theirs: [{ qty: 1 }, { qty: 3 }] },
    ]);
  });

  test('$project can exclude fields', async () => {
    expect(await run([{ $match: { _id: 5 } }, { $project: { note: 0, price: 0 } }])).toEqual([
      { _id: 5, customer: 'bob', item: 'pen', qty: 3 },
    ]);
  });

  test('$addFields and its alias $set add computed fields after the existing ones', async () => {
    const added = await run([
      { $match: { _id: 1 } },
      { $addFields: { total: { $multiply: ['$qty', '$price'] } } },
    ]);
    expect(added).toEqual([{ ...ORDERS[0], total: 3 }]);
    expect(Object.keys(added[0]).at(-1)).toBe('total');
    const set = await run([
      { $match: { _id: 1 } },
      { $set: { qty: { $add: ['$qty', 1] }, 'meta.seen': true } },
    ]);
    expect(set).toEqual([{ ...ORDERS[0], qty: 3, meta: { seen: true } }]);
  });

  test('$unset removes one or several fields', async () => {
    expect(await run([{ $match: { _id: 5 } }, { $unset: 'note' }])).toEqual([
      { _id: 5, customer: 'bob', item: 'pen', qty: 3, price: 1.5 },
    ]);
    expect(await run([{ $match: { _id: 5 } }, { $unset: ['note', 'price', 'qty'] }])).toEqual([
      { _id: 5, customer: 'bob', item: 'pen' },
    ]);
  });

  test('$count counts the documents reaching it, and yields nothing for none', async () => {
    expect(await run([{ $match: { item: 'pen' } }, { $count: 'pens' }])).toEqual([{ pens: 3 }]);
    expect(await run([{ $match: { item: 'none' } }, { $count: 'n' }])).toEqual([]);
  });

  test('$replaceRoot promotes an embedded document', async () => {
    const docs = await run([
      { $match: { _id: 2 } },
      { $replaceRoot: { newRoot: { name: '$customer', what: '$item' } } },
    ]);
    expect(docs).toEqual([{ name: 'bob', what: 'ink' }]);
  });
});

describe('stages in combination', () => {
  test('$match → $addFields → $sort → $skip → $limit → $project', async () => {
    const docs = await run([
      { $match: { price: { $lt: 10 } } },
      { $addFields: { total: { $multiply: ['$qty', '$price'] } } },
      { $sort: { total: -1 } },
      { $skip: 1 },
      { $limit: 2 },
      { $project: { _id: 1, total: 1 } },
    ]);
    expect(docs).toEqual([
      { _id: 4, total: 15 },
      { _id: 5, total: 4.5 },
    ]);
  });

  test('a $match after a $project filters on computed fields', async () => {
    const docs = await run([
      { $project: { total: { $multiply: ['$qty', '$price'] } } },
      { $match: { total: { $gte: 15 } } },
      { $sort: { _id: 1 } },
    ]);
    expect(docs).toEqual([
      { _id: 2, total: 20 },
      { _id: 3, total: 20 },
      { _id: 4, total: 15 },
    ]);
  });

  test('an aggregation over a missing collection returns nothing', async () => {
    expect(
      await freshCollection(t().db)
        .aggregate([{ $match: {} }, { $count: 'n' }])
        .toArray(),
    ).toEqual([]);
  });
});

describe('aggregation cursors', () => {
  test('batchSize splits the result into getMore batches without losing documents', async () => {
    const many = freshCollection(t().db);
    await many.insertMany(Array.from({ length: 250 }, (_, i) => ({ _id: i, even: i % 2 === 0 })));
    const cursor = many.aggregate([{ $match: { even: true } }, { $sort: { _id: -1 } }], { batchSize: 10 });
    const docs = await cursor.toArray();
    expect(docs).toHaveLength(125);
    expect(docs[0]._id).toBe(248);
    expect(docs.at(-1)!._id).toBe(0);
  });

  test('the aggregate command replies with a cursor whose firstBatch respects batchSize', async () => {
    await withSession(t(), async (run) => {
      const reply = await run({
        aggregate: orders.collectionName,
        pipeline: [{ $sort: { _id: 1 } }],
        cursor: { batchSize: 2 },
      });
      expect(reply.cursor.firstBatch.map((d: Document) => d._id)).toEqual([1, 2]);
      expect(String(reply.cursor.id)).not.toBe('0');
      await run({ killCursors: orders.collectionName, cursors: [asLong(reply.cursor.id)] });
    });
  });
});

describe('errors', () => {
  test('an unknown stage is error 40324', async () => {
    const error = await expectServerError(run([{ $match: {} }, { $bogus: {} }]), 40324);
    expect(error.message).toContain('$bogus');
  });

  test('a stage object with two fields is error 40323', async () => {
    await expectServerError(run([{ $match: {}, $limit: 1 }]), 40323);
  });

  test('$limit must be positive (15958)', async () => {
    await expectServerError(run([{ $limit: 0 }]), 15958);
  });
});
