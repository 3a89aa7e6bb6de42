import type { Collection } from 'mongodb';
import { freshCollection, useTestDatabase, type TestDoc } from './helpers';

const t = useTestDatabase();

/** English, case-insensitive: strength 2 compares base letters and accents, not case. */
const CASE_INSENSITIVE = { locale: 'en', strength: 2 };

let coll: Collection<TestDoc>;
beforeAll(async () => {
  coll = freshCollection(t().db);
  await coll.insertMany([
    { _id: 1, name: 'alice' },
    { _id: 2, name: 'Bob' },
    { _id: 3, name: 'Alice' },
    { _id: 4, name: 'bob' },
    { _id: 5, name: 'Carol' },
  ]);
});

test('equality ignores case under a strength-2 collation, and not without one', async () => {
  const ids = async (collation?: typeof CASE_INSENSITIVE) =>
    (await coll.find({ name: 'ALICE' }, { collation }).sort({ _id: 1 }).toArray()).map((d) => d._id);
  expect(await ids(CASE_INSENSITIVE)).toEqual([1, 3]);
  expect(await ids()).toEqual([]);
});

test('countDocuments and $in honour the collation', async () => {
  expect(await coll.countDocuments({ name: 'BOB' }, { collation: CASE_INSENSITIVE })).toBe(2);
  expect(
    await coll.countDocuments({ name: { $in: ['carol', 'ALICE'] } }, { collation: CASE_INSENSITIVE }),
  ).toBe(3);
});

test('distinct returns one value per case-insensitive group', async () => {
  const values = await coll.distinct('name', {}, { collation: CASE_INSENSITIVE });
  expect(values.map((v: string) => v.toLowerCase()).sort()).toEqual(['alice', 'bob', 'carol']);
});

test('sort orders case-insensitively', async () => {
  const names = (
    await coll.find({}, { collation: CASE_INSENSITIVE }).sort({ name: 1, _id: 1 }).toArray()
  ).map((d) => d.name);
  expect(names.map((n: string) => n.toLowerCase())).toEqual(['alice', 'alice', 'bob', 'bob', 'carol']);
});

test('updates select with the collation', async () => {
  const other = freshCollection(t().db);
  await other.insertMany([{ name: 'Ann' }, { name: 'ann' }, { name: 'Anne' }]);
  const result = await other.updateMany(
    { name: 'ANN' },
    { $set: { hit: true } },
    { collation: CASE_INSENSITIVE },
  );
  expect(result.matchedCount).toBe(2);
});
