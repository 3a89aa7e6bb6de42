import type { Document } from 'mongodb';
import { executionStats, explainIndexNames, explainStages } from '../support/harness';
import { freshCollection, useTestDatabase } from './helpers';

/**
 * A top-level `$or` whose branches each have an index is read as an OR of index scans, as mongod plans it, not as
 * a collection scan: the block checks of the users service ("does either of these two block the other?") ask
 * exactly this on every profile view and follow.
 */
const t = useTestDatabase();

/** 2,000 relations: member n blocks n + 1 and mutes n + 2; the two indexes the users service keeps. */
async function relations() {
  const coll = freshCollection(t().db);
  await coll.createIndex({ owner: 1, kind: 1, target: 1 }, { unique: true });
  await coll.createIndex({ target: 1, kind: 1 });
  const docs: Document[] = [];
  for (let n = 0; n < 1000; n++) {
    docs.push({ _id: 2 * n, owner: n, kind: 'block', target: n + 1 });
    docs.push({ _id: 2 * n + 1, owner: n, kind: 'mute', target: n + 2 });
  }
  await coll.insertMany(docs);
  return coll;
}

test('an $or of two indexed branches reads the two index ranges, not the collection', async () => {
  const coll = await relations();
  const either = {
    kind: 'block',
    $or: [
      { owner: 501, target: 500 },
      { owner: 500, target: 501 },
    ],
  };
  expect(await coll.find(either).toArray()).toEqual([{ _id: 1000, owner: 500, kind: 'block', target: 501 }]);
  const explain = await coll.find(either).explain('executionStats');
  expect(explainStages(explain)).toContain('OR');
  expect(explainStages(explain)).not.toContain('COLLSCAN');
  expect(new Set(explainIndexNames(explain))).toEqual(new Set(['owner_1_kind_1_target_1']));
  expect(executionStats(explain).totalDocsExamined).toBeLessThanOrEqual(2);

  // One branch on each index, with $in: who of these blocks member 700, or is blocked by them.
  const among = {
    kind: 'block',
    $or: [
      { owner: 700, target: { $in: [701, 650, 9999] } },
      { target: 700, owner: { $in: [699, 3, 701] } },
    ],
  };
  const found = await coll.find(among).sort({ _id: 1 }).toArray();
  expect(found.map((doc) => doc._id)).toEqual([1398, 1400]);
  const explained = await coll.find(among).sort({ _id: 1 }).explain('executionStats');
  expect(explainStages(explained)).toEqual(expect.arrayContaining(['OR', 'SORT']));
  expect(explainStages(explained)).not.toContain('COLLSCAN');
  expect(executionStats(explained).totalDocsExamined).toBeLessThanOrEqual(6);
});

test('a document two branches find comes once; skip, limit, sort, count and deletes see the same documents', async () => {
  const coll = await relations();
  // Owner 10's relations, and those whose target is 12: relation 20 (10 blocks 11)... 21 (10 mutes 12) is in both.
  const filter = { $or: [{ owner: 10 }, { target: 12 }] };
  const all = await coll.find(filter).sort({ _id: -1 }).toArray();
  expect(all.map((doc) => doc._id)).toEqual([22, 21, 20]);
  expect(await coll.countDocuments(filter)).toBe(3);
  expect(
    (await coll.find(filter).sort({ _id: -1 }).skip(1).limit(1).toArray()).map((doc) => doc._id),
  ).toEqual([21]);
  expect(explainStages(await coll.find(filter).explain())).toContain('OR');

  // One branch without an index: the whole is a collection scan (an OR would read the collection anyway).
  const unindexed = { $or: [{ owner: 10 }, { note: 'x' }] };
  expect(explainStages(await coll.find(unindexed).explain())).toContain('COLLSCAN');
  expect(await coll.countDocuments(unindexed)).toBe(2);

  expect((await coll.deleteMany(filter)).deletedCount).toBe(3);
  expect(await coll.countDocuments(filter)).toBe(0);
  expect(await coll.countDocuments({})).toBe(1997);
});
