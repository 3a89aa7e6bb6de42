import { ObjectId, type Collection } from 'mongodb';
import { expectServerError, freshCollection, useTestDatabase, type TestDoc } from './helpers';

const t = useTestDatabase();

let nums: Collection<TestDoc>;
beforeAll(async () => {
  nums = freshCollection(t().db, 'nums');
  await nums.insertMany([
    { _id: 1, g: 'b', n: 3 },
    { _id: 2, g: 'a', n: 1 },
    { _id: 3, g: 'b', n: 1 },
    { _id: 4, g: 'a', n: 2 },
    { _id: 5, g: 'c', n: 5 },
    { _id: 6, g: 'a', n: 4 },
  ]);
});

async function order(sort: Record<string, 1 | -1>, skip = 0, limit = 0): Promise<unknown[]> {
  return (await nums.find().sort(sort).skip(skip).limit(limit).toArray()).map((d) => d._id);
}

describe('sort', () => {
  test('ascending and descending on one field', async () => {
    expect(await order({ _id: 1 })).toEqual([1, 2, 3, 4, 5, 6]);
    expect(await order({ _id: -1 })).toEqual([6, 5, 4, 3, 2, 1]);
  });

  test('compound sort uses later keys to break ties', async () => {
    expect(await order({ g: 1, n: 1 })).toEqual([2, 4, 6, 3, 1, 5]);
    expect(await order({ g: 1, n: -1 })).toEqual([6, 4, 2, 1, 3, 5]);
    expect(await order({ n: 1, g: -1 })).toEqual([3, 2, 4, 1, 6, 5]);
  });

  test('an invalid sort direction is rejected (15975)', async () => {
    // The driver refuses { n: 2 } itself, so send the find command directly.
    const error = await expectServerError(
      t().db.command({ find: nums.collectionName, sort: { n: 2 } }),
      15975,
    );
    expect(error.message).toContain('$sort key ordering must be 1 (for ascending) or -1 (for descending)');
  });

  test('mixed types sort in BSON order: null/missing < numbers < strings < objects < ObjectId < booleans < dates', async () => {
    const coll = freshCollection(t().db);
    const oid = new ObjectId();
    await coll.insertMany([
      { label: 'date', v: new Date('2020-01-01') },
      { label: 'true', v: true },
      { label: 'false', v: false },
      { label: 'oid', v: oid },
      { label: 'object', v: { x: 1 } },
      { label: 'string-b', v: 'b' },
      { label: 'string-A', v: 'A' },
      { label: 'number-10.5', v: 10.5 },
      { label: 'number-2', v: 2 },
      { label: 'number-neg', v: -1 },
      { label: 'null', v: null },
      { label: 'missing' },
    ]);
    const ascending = (await coll.find().sort({ v: 1 }).toArray()).map((d) => d.label);
    // null and a missing field compare equal, so their relative order is unspecified.
    expect(new Set(ascending.slice(0, 2))).toEqual(new Set(['null', 'missing']));
    expect(ascending.slice(2)).toEqual([
      'number-neg',
      'number-2',
      'number-10.5',
      'string-A',
      'string-b',
      'object',
      'oid',
      'false',
      'true',
      'date',
    ]);
    const descending = (await coll.find().sort({ v: -1 }).toArray()).map((d) => d.label);
    expect(descending.slice(0, 10)).toEqual([...ascending.slice(2)].reverse());
  });

  test('arrays sort by their smallest element ascending and their largest descending', async () => {
    const coll = freshCollection(t().db);
    await coll.insertMany([
      { _id: 'a', v: [5, 1] },
      { _id: 'b', v: 3 },
      { _id: 'c', v: [4, 9] },
      { _id: 'd', v: [2] },
    ]);
    expect((await coll.find().sort({ v: 1 }).toArray()).map((d) => d._id)).toEqual(['a', 'd', 'b', 'c']);
    expect((await coll.find().sort({ v: -1 }).toArray()).map((d) => d._id)).toEqual(['c', 'a', 'b', 'd']);
  });

  test('an empty array sorts before null and missing', async () => {
    const coll = freshCollection(t().db);
    await coll.insertMany([
      { _id: 1, v: 1 },
      { _id: 2, v: null },
      { _id: 3, v: [] },
    ]);
    expect((await coll.find().sort({ v: 1 }).toArray()).map((d) => d._id)).toEqual([3, 2, 1]);
  });

  test('embedded fields sort with dotted paths', async () => {
    const coll = freshCollection(t().db);
    await coll.insertMany([
      { _id: 1, o: { k: 'z' } },
      { _id: 2, o: { k: 'm' } },
      { _id: 3, o: { k: 'a' } },
    ]);
    expect((await coll.find().sort({ 'o.k': 1 }).toArray()).map((d) => d._id)).toEqual([3, 2, 1]);
  });
});

describe('skip and limit', () => {
  test('skip drops the first documents after sorting', async () => {
    expect(await order({ _id: 1 }, 4)).toEqual([5, 6]);
  });

  test('limit caps the result; 0 means no limit', async () => {
    expect(await order({ _id: 1 }, 0, 2)).toEqual([1, 2]);
    expect(await order({ _id: 1 }, 0, 0)).toHaveLength(6);
  });

  test('skip and limit combine as skip first, then limit', async () => {
    expect(await order({ n: -1 }, 1, 2)).toEqual([6, 1]);
    expect(await order({ _id: 1 }, 5, 10)).toEqual([6]);
    expect(await order({ _id: 1 }, 10, 2)).toEqual([]);
  });

  test('a negative skip is rejected', async () => {
    const error = await expectServerError(t().db.command({ find: nums.collectionName, skip: -1 }), 51024);
    expect(error.message).toContain('skip');
  });
});
