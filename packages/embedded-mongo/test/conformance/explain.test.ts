import type { Collection, Document } from 'mongodb';
import { executionStats, explainIndexNames, explainStages } from '../support/harness';
import { freshCollection, useTestDatabase, type TestDoc } from './helpers';

const t = useTestDatabase();

const N = 200;
let coll: Collection<TestDoc>;
beforeAll(async () => {
  coll = freshCollection(t().db, 'explained');
  await coll.insertMany(
    Array.from({ length: N }, (_, i) => ({
      _id: i,
      status: ['active', 'idle', 'gone', 'new'][i % 4],
      score: i,
      createdAt: new Date(Date.UTC(2024, 0, 1) + i * 60_000),
      unindexed: i % 10,
    })),
  );
  // Non-unique indexes only, so no server version takes a special "express" path for them.
  await coll.createIndexes([{ key: { score: 1 } }, { key: { status: 1, createdAt: -1 } }]);
});

describe('find', () => {
  test('equality on an indexed field uses IXSCAN and examines only the matching documents', async () => {
    const explain = await coll.find({ score: 42 }).explain('executionStats');
    expect(explainStages(explain)).toContain('IXSCAN');
    expect(explainStages(explain)).not.toContain('COLLSCAN');
    expect(explainIndexNames(explain)).toContain('score_1');
    const stats = executionStats(explain);
    expect(stats.nReturned).toBe(1);
    expect(stats.totalDocsExamined).toBe(stats.nReturned);
    expect(stats.totalKeysExamined).toBeGreaterThanOrEqual(1);
  });

  test('a query on an unindexed field is a COLLSCAN over every document', async () => {
    const explain = await coll.find({ unindexed: 3 }).explain('executionStats');
    expect(explainStages(explain)).toContain('COLLSCAN');
    expect(explainStages(explain)).not.toContain('IXSCAN');
    const stats = executionStats(explain);
    expect(stats.nReturned).toBe(N / 10);
    expect(stats.totalDocsExamined).toBe(N);
    expect(stats.totalKeysExamined).toBe(0);
  });

  test('a range on an indexed field uses IXSCAN', async () => {
    const explain = await coll.find({ score: { $gte: 10, $lt: 20 } }).explain('executionStats');
    expect(explainStages(explain)).toContain('IXSCAN');
    expect(explainIndexNames(explain)).toContain('score_1');
    const stats = executionStats(explain);
    expect(stats.nReturned).toBe(10);
    expect(stats.totalDocsExamined).toBe(10);
  });

  test('a sort the index provides needs no blocking SORT stage', async () => {
    const explain = await coll
      .find({ score: { $gt: 100 } })
      .sort({ score: -1 })
      .explain('executionStats');
    expect(explainStages(explain)).toContain('IXSCAN');
    expect(explainStages(explain)).not.toContain('SORT');
  });

  test('a sort on an unindexed field needs a SORT stage', async () => {
    const explain = await coll
      .find({ score: { $gt: 100 } })
      .sort({ unindexed: 1 })
      .explain('executionStats');
    expect(explainStages(explain)).toContain('SORT');
  });

  test('a compound index serves an equality prefix plus a sort on the next field', async () => {
    const explain = await coll.find({ status: 'idle' }).sort({ createdAt: -1 }).explain('executionStats');
    expect(explainIndexNames(explain)).toContain('status_1_createdAt_-1');
    expect(explainStages(explain)).not.toContain('SORT');
    const stats = executionStats(explain);
    expect(stats.nReturned).toBe(N / 4);
    expect(stats.totalDocsExamined).toBe(N / 4);
  });

  test('queryPlanner verbosity reports the plan without execution stats', async () => {
    const explain = await coll.find({ score: 1 }).explain('queryPlanner');
    expect(explain.queryPlanner).toBeDefined();
    expect(explain.executionStats).toBeUndefined();
  });
});

describe('aggregate', () => {
  test('a leading $match on an indexed field uses IXSCAN', async () => {
    const explain = await coll
      .aggregate([{ $match: { score: { $lt: 5 } } }, { $group: { _id: '$status', n: { $sum: 1 } } }])
      .explain('executionStats');
    expect(explainStages(explain)).toContain('IXSCAN');
    expect(explainIndexNames(explain)).toContain('score_1');
  });

  test('a leading $match on an unindexed field is a COLLSCAN', async () => {
    const explain = await coll
      .aggregate([{ $match: { unindexed: 1 } }, { $project: { score: 1 } }])
      .explain('queryPlanner');
    expect(explainStages(explain)).toContain('COLLSCAN');
  });
});

describe('count', () => {
  test('explain of a count on an indexed field uses the index and reports a COUNT stage', async () => {
    const explain = (await t().db.command({
      explain: { count: coll.collectionName, query: { score: { $gte: 150 } } },
      verbosity: 'executionStats',
    })) as Document;
    expect(explainStages(explain)).toContain('COUNT');
    expect(explainIndexNames(explain)).toContain('score_1');
    expect(explainStages(explain)).not.toContain('COLLSCAN');
  });

  test('explain of a count on an unindexed field is a COLLSCAN under COUNT', async () => {
    const explain = (await t().db.command({
      explain: { count: coll.collectionName, query: { unindexed: 1 } },
      verbosity: 'queryPlanner',
    })) as Document;
    expect(explainStages(explain)).toEqual(expect.arrayContaining(['COUNT', 'COLLSCAN']));
  });

  test('countDocuments runs as an aggregation whose $match uses the index', async () => {
    // countDocuments is `$match` + `$group: { _id: 1, n: { $sum: 1 } }`; explain that same pipeline.
    const pipeline = [{ $match: { score: { $gte: 150 } } }, { $group: { _id: 1, n: { $sum: 1 } } }];
    const explain = await coll.aggregate(pipeline).explain('queryPlanner');
    expect(explainIndexNames(explain)).toContain('score_1');
    expect(explainStages(explain)).not.toContain('COLLSCAN');
    expect(await coll.countDocuments({ score: { $gte: 150 } })).toBe(50);
  });
});
