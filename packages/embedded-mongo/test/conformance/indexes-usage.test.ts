import type { Document } from 'mongodb';
import { explainIndexNames, explainStages, explainValues } from '../support/harness';
import { expectServerError, freshCollection, useTestDatabase } from './helpers';

const t = useTestDatabase();

/** The isMultiKey flags of every index scan in an explain document. */
const multiKeyFlags = (explain: unknown): boolean[] =>
  explainValues(explain, 'isMultiKey', (value): value is boolean => typeof value === 'boolean');

/** The distinct index names an explain mentions (winning plan and execution stages repeat them). */
function usedIndexes(explain: unknown): string[] {
  return [...new Set(explainIndexNames(explain))];
}

describe('multikey index', () => {
  test('finds documents by any array element', async () => {
    const coll = freshCollection(t().db);
    await coll.createIndex({ tags: 1 });
    await coll.insertMany([
      { _id: 1, tags: ['db', 'js'] },
      { _id: 2, tags: ['js'] },
      { _id: 3, tags: 'db' },
      { _id: 4, tags: [] },
    ]);
    expect((await coll.find({ tags: 'db' }).sort({ _id: 1 }).toArray()).map((d) => d._id)).toEqual([1, 3]);
    expect(
      (
        await coll
          .find({ tags: { $in: ['js'] } })
          .sort({ _id: 1 })
          .toArray()
      ).map((d) => d._id),
    ).toEqual([1, 2]);
    const explain = await coll.find({ tags: 'db' }).explain('executionStats');
    expect(explainIndexNames(explain)).toContain('tags_1');
    expect(multiKeyFlags(explain)).toContain(true);
  });

  test('returns each document once even when several elements match', async () => {
    const coll = freshCollection(t().db);
    await coll.createIndex({ n: 1 });
    await coll.insertMany([
      { _id: 1, n: [1, 2, 3] },
      { _id: 2, n: [5] },
    ]);
    expect((await coll.find({ n: { $gte: 1 } }).toArray()).map((d) => d._id).sort()).toEqual([1, 2]);
  });

  test('indexes fields of documents inside arrays', async () => {
    const coll = freshCollection(t().db);
    await coll.createIndex({ 'items.sku': 1 });
    await coll.insertMany([
      { _id: 1, items: [{ sku: 'a' }, { sku: 'b' }] },
      { _id: 2, items: [{ sku: 'c' }] },
    ]);
    expect(await coll.find({ 'items.sku': 'b' }).toArray()).toEqual([
      { _id: 1, items: [{ sku: 'a' }, { sku: 'b' }] },
    ]);
  });

  test('a compound index over two arrays in one document is refused (171)', async () => {
    const coll = freshCollection(t().db);
    await coll.createIndex({ a: 1, b: 1 });
    await expectServerError(coll.insertOne({ a: [1, 2], b: [3, 4] }), 171);
    expect(await coll.countDocuments()).toBe(0);
  });
});

describe('descending index', () => {
  test('serves range queries and both sort directions', async () => {
    const coll = freshCollection(t().db);
    await coll.createIndex({ score: -1 });
    await coll.insertMany([5, 1, 9, 3, 7].map((score) => ({ score })));
    const desc = await coll
      .find({ score: { $gte: 3 } })
      .sort({ score: -1 })
      .toArray();
    expect(desc.map((d) => d.score)).toEqual([9, 7, 5, 3]);
    const asc = await coll
      .find({ score: { $lt: 9 } })
      .sort({ score: 1 })
      .toArray();
    expect(asc.map((d) => d.score)).toEqual([1, 3, 5, 7]);
    const explain = await coll
      .find({ score: { $gte: 3 } })
      .sort({ score: -1 })
      .explain();
    expect(explainIndexNames(explain)).toContain('score_-1');
    expect(explainStages(explain)).not.toContain('SORT');
  });
});

describe('hint', () => {
  let docs: Document[];
  const setup = async () => {
    const coll = freshCollection(t().db);
    await coll.createIndexes([{ key: { a: 1 } }, { key: { b: 1 } }]);
    docs = Array.from({ length: 20 }, (_, i) => ({ _id: i, a: i % 4, b: i % 5 }));
    await coll.insertMany(docs);
    return coll;
  };

  test('by index name forces that index and keeps the results', async () => {
    const coll = await setup();
    const cursor = coll.find({ a: 1, b: 1 }).hint('b_1');
    expect((await cursor.toArray()).map((d) => d._id)).toEqual([1]);
    expect(usedIndexes(await coll.find({ a: 1, b: 1 }).hint('b_1').explain())).toEqual(['b_1']);
  });

  test('by key pattern forces that index', async () => {
    const coll = await setup();
    const explain = await coll.find({ a: 1, b: 1 }).hint({ a: 1 }).explain();
    expect(usedIndexes(explain)).toEqual(['a_1']);
  });

  test('$natural forces a collection scan', async () => {
    const coll = await setup();
    const explain = await coll.find({ a: 1 }).hint({ $natural: 1 }).explain();
    expect(explainStages(explain)).toContain('COLLSCAN');
    expect(explainStages(explain)).not.toContain('IXSCAN');
  });

  test('a hint that names no index is BadValue (2)', async () => {
    const coll = await setup();
    const error = await expectServerError(coll.find({ a: 1 }).hint('missing_1').toArray(), 2, 'BadValue');
    expect(error.message).toContain('hint provided does not correspond to an existing index');
  });

  test('hint also applies to updates and deletes', async () => {
    const coll = await setup();
    const updated = await coll.updateMany({ a: 2 }, { $set: { hit: true } }, { hint: 'a_1' });
    expect(updated.matchedCount).toBe(5);
    const deleted = await coll.deleteMany({ b: 0 }, { hint: { b: 1 } });
    expect(deleted.deletedCount).toBe(4);
  });
});
