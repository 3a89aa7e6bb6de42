import { explainStages } from '../support/harness';
import { freshCollection, useTestDatabase } from './helpers';

const t = useTestDatabase();

// One tag's newest posts (issue 19): `{tags: 1, _id: -1}` is multikey, yet with the tag pinned it gives the `_id`
// order itself, as mongod does (`_id` is never an array); any other sort on it still sorts.
describe('a multikey index and an _id sort', () => {
  test('pinned to one element, the index gives the _id order both ways, each document once, no SORT', async () => {
    const coll = freshCollection(t().db);
    await coll.createIndex({ tags: 1, _id: -1 });
    await coll.insertMany([
      { _id: 1, tags: ['db', 'js'] },
      { _id: 2, tags: ['js', 'js'] },
      { _id: 3, tags: ['css'] },
      { _id: 4, tags: ['js'] },
      { _id: 5, tags: 'js' },
    ]);
    const ids = async (sort: 1 | -1, extra = {}) =>
      (
        await coll
          .find({ tags: 'js', ...extra })
          .sort({ _id: sort })
          .toArray()
      ).map((d) => d._id);
    expect(await ids(-1)).toEqual([5, 4, 2, 1]);
    expect(await ids(1)).toEqual([1, 2, 4, 5]);
    expect(await ids(-1, { _id: { $lt: 4 } })).toEqual([2, 1]);
    const limited = await coll.find({ tags: 'js' }).sort({ _id: -1 }).limit(2).toArray();
    expect(limited.map((d) => d._id)).toEqual([5, 4]);
    const explain = await coll.find({ tags: 'js' }).sort({ _id: -1 }).limit(2).explain('executionStats');
    expect(explainStages(explain)).not.toContain('SORT');
  });

  test('several elements, or a sort on the array field, still sort', async () => {
    const coll = freshCollection(t().db);
    await coll.createIndex({ tags: 1, _id: -1 });
    await coll.insertMany([
      { _id: 1, tags: ['db', 'js'] },
      { _id: 2, tags: ['js'] },
      { _id: 3, tags: ['db'] },
    ]);
    const both = await coll
      .find({ tags: { $in: ['db', 'js'] } })
      .sort({ _id: -1 })
      .toArray();
    expect(both.map((d) => d._id)).toEqual([3, 2, 1]);
    const byTag = await coll.find({ tags: 'js' }).sort({ tags: 1, _id: -1 }).explain('executionStats');
    expect(explainStages(byTag)).toContain('SORT');
  });
});
