import type { Document } from 'mongodb';
import { executionStats, explainIndexNames, explainStages, explainValues } from '../support/harness';
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

describe('an $in ahead of the sort field (merged ranges)', () => {
  // 30 authors, 20 documents each, ids dealt round the authors out of order so each author's ids are scattered.
  const docs = Array.from({ length: 600 }, (_, i) => ({ _id: (i * 7919) % 600, author: i % 30 }));
  const authors = [3, 8, 11, 15, 22, 29, 100];
  const expected = (filter: (d: { _id: number; author: number }) => boolean, dir: 1 | -1, limit: number) =>
    docs
      .filter((d) => authors.includes(d.author) && filter(d))
      .map((d) => d._id)
      .sort((a, b) => (a - b) * dir)
      .slice(0, limit);

  test('reads in sort order from each range without a blocking sort, as far as the limit needs', async () => {
    const coll = freshCollection(t().db);
    await coll.createIndex({ author: 1, _id: -1 });
    await coll.insertMany(docs);
    const query = { author: { $in: authors }, _id: { $lt: 400 } };
    const newest = coll.find(query).sort({ _id: -1 }).limit(7);
    expect((await newest.toArray()).map((d) => d._id)).toEqual(expected((d) => d._id < 400, -1, 7));
    const oldest = await coll.find(query).sort({ _id: 1 }).limit(9).toArray();
    expect(oldest.map((d) => d._id)).toEqual(expected((d) => d._id < 400, 1, 9));

    const explain = await coll.find(query).sort({ _id: -1 }).limit(7).explain('executionStats');
    expect(explainStages(explain)).toContain('SORT_MERGE');
    expect(explainStages(explain)).not.toContain('SORT');
    // 6 authors hold about 80 matching documents; the merge reads each range's head and about the 7 returned.
    expect(executionStats(explain).totalKeysExamined).toBeLessThan(30);
  });

  test('a cursor read in batches continues in order after writes between them', async () => {
    const coll = freshCollection(t().db);
    await coll.createIndex({ author: 1, _id: -1 });
    await coll.insertMany(docs);
    const cursor = coll.find({ author: { $in: authors } }, { batchSize: 2 }).sort({ _id: -1 });
    const read: number[] = [];
    for (let i = 0; i < 4; i++) read.push((await cursor.next())._id);
    // Ahead of the cursor's place: one inserted (it must appear) and the oldest removed (it must not); one
    // inserted behind it (it must not appear either).
    const oldest = expected(() => true, 1, 1)[0];
    await coll.insertMany([
      { _id: 10.5, author: 8 },
      { _id: 999, author: 8 },
    ]);
    await coll.deleteOne({ _id: oldest });
    for (let d = await cursor.next(); d; d = await cursor.next()) read.push(d._id);
    const all = [...expected((d) => d._id !== oldest, -1, 1000), 10.5].sort((a, b) => b - a);
    expect(read).toEqual(all);
  });
});
