import type { Collection, Document, Filter } from 'mongodb';
import { freshCollection, useTestDatabase, type TestDoc } from './helpers';

const t = useTestDatabase();

const PEOPLE = [
  {
    _id: 1,
    name: 'alice',
    age: 30,
    tags: ['a', 'b'],
    readings: [1, 8, 15],
    address: { city: 'Paris', zip: '75001' },
    scores: [
      { s: 5, k: 'x' },
      { s: 9, k: 'y' },
    ],
  },
  {
    _id: 2,
    name: 'bob',
    age: 25,
    tags: ['b', 'c'],
    readings: [3, 12],
    address: { city: 'Berlin' },
    nick: null,
  },
  {
    _id: 3,
    name: 'carol',
    age: 35,
    tags: [],
    address: { city: 'Paris', zip: '75002' },
    scores: [{ s: 2, k: 'x' }],
  },
  { _id: 4, name: 'dave', age: 40, tags: 'a' },
  { _id: 5, name: 'Eve', age: null },
];

let people: Collection<TestDoc>;
beforeAll(async () => {
  people = freshCollection(t().db, 'people');
  await people.insertMany(PEOPLE);
});

/** The `_id`s a filter matches, in `_id` order. */
async function ids(filter: Filter<Document>): Promise<unknown[]> {
  const docs = await people.find(filter).sort({ _id: 1 }).toArray();
  return docs.map((d) => d._id);
}

describe('equality', () => {
  test('matches a scalar field', async () => {
    expect(await ids({ name: 'bob' })).toEqual([2]);
  });

  test('matches an array that contains the value, and a scalar equal to it', async () => {
    expect(await ids({ tags: 'a' })).toEqual([1, 4]);
  });

  test('a whole-array value matches only the same array in the same order', async () => {
    expect(await ids({ tags: ['a', 'b'] })).toEqual([1]);
    expect(await ids({ tags: ['b', 'a'] })).toEqual([]);
    expect(await ids({ tags: [] })).toEqual([3]);
  });

  test('an embedded document matches only an identical document, field order included', async () => {
    expect(await ids({ address: { city: 'Berlin' } })).toEqual([2]);
    expect(await ids({ address: { city: 'Paris', zip: '75001' } })).toEqual([1]);
    expect(await ids({ address: { zip: '75001', city: 'Paris' } })).toEqual([]);
  });

  test('an empty filter matches everything', async () => {
    expect(await ids({})).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('null and missing fields', () => {
  test('{ field: null } matches null values and missing fields', async () => {
    expect(await ids({ nick: null })).toEqual([1, 2, 3, 4, 5]);
    expect(await ids({ 'address.zip': null })).toEqual([2, 4, 5]);
    expect(await ids({ age: null })).toEqual([5]);
  });

  test('$exists distinguishes a null value from a missing field', async () => {
    expect(await ids({ nick: { $exists: true } })).toEqual([2]);
    expect(await ids({ scores: { $exists: false } })).toEqual([2, 4, 5]);
  });

  test('$type: "null" matches only explicit nulls', async () => {
    expect(await ids({ age: { $type: 'null' } })).toEqual([5]);
    expect(await ids({ age: { $type: 'number' } })).toEqual([1, 2, 3, 4]);
  });
});

describe('comparison operators', () => {
  test('$gt/$lt select a range and never match null', async () => {
    expect(await ids({ age: { $gt: 25, $lt: 40 } })).toEqual([1, 3]);
    expect(await ids({ age: { $gte: 25, $lte: 30 } })).toEqual([1, 2]);
    expect(await ids({ age: { $lt: 100 } })).toEqual([1, 2, 3, 4]);
  });

  test('string ranges compare by code point (upper case sorts first)', async () => {
    expect(await ids({ name: { $gt: 'c' } })).toEqual([3, 4]);
    expect(await ids({ name: { $lt: 'a' } })).toEqual([5]);
  });

  test('comparisons only match values of the same type bracket', async () => {
    expect(await ids({ age: { $gt: 'a' } })).toEqual([]);
    expect(await ids({ name: { $gt: 0 } })).toEqual([]);
  });

  test('$ne and $not include documents where the field is null or missing', async () => {
    expect(await ids({ age: { $ne: 30 } })).toEqual([2, 3, 4, 5]);
    expect(await ids({ age: { $not: { $gt: 30 } } })).toEqual([1, 2, 5]);
  });

  test('$in matches any listed value, including elements of arrays', async () => {
    expect(await ids({ age: { $in: [25, 40] } })).toEqual([2, 4]);
    expect(await ids({ tags: { $in: ['c', 'zzz'] } })).toEqual([2]);
    expect(await ids({ nick: { $in: [null] } })).toEqual([1, 2, 3, 4, 5]);
  });

  test('$nin excludes listed values and matches documents missing the field', async () => {
    expect(await ids({ age: { $nin: [25, 40] } })).toEqual([1, 3, 5]);
    expect(await ids({ tags: { $nin: ['a'] } })).toEqual([2, 3, 5]);
  });
});

describe('$regex', () => {
  test('a regex literal matches strings', async () => {
    expect(await ids({ name: /^a/ })).toEqual([1]);
    expect(await ids({ name: /E/ })).toEqual([5]);
  });

  test('$regex with $options', async () => {
    expect(await ids({ name: { $regex: '^e', $options: 'i' } })).toEqual([5]);
    expect(await ids({ name: { $regex: 'o' } })).toEqual([2, 3]);
  });

  test('a regex matches elements of an array', async () => {
    expect(await ids({ tags: /^c/ })).toEqual([2]);
  });
});

describe('logical operators', () => {
  test('$or', async () => {
    expect(await ids({ $or: [{ age: 25 }, { name: 'dave' }] })).toEqual([2, 4]);
  });

  test('$and, including two conditions on the same field', async () => {
    expect(await ids({ $and: [{ age: { $gt: 20 } }, { age: { $lt: 35 } }] })).toEqual([1, 2]);
  });

  test('$nor', async () => {
    expect(await ids({ $nor: [{ age: { $gte: 30 } }, { name: 'bob' }] })).toEqual([5]);
  });

  test('$expr compares with aggregation semantics (null is below numbers)', async () => {
    expect(await ids({ $expr: { $gt: ['$age', 30] } })).toEqual([3, 4]);
  });
});

describe('arrays', () => {
  test('$elemMatch requires one element to satisfy every condition', async () => {
    expect(await ids({ scores: { $elemMatch: { s: { $gt: 6 }, k: 'x' } } })).toEqual([]);
    expect(await ids({ scores: { $elemMatch: { s: { $gt: 4 }, k: 'x' } } })).toEqual([1]);
    // Without $elemMatch, each condition may be satisfied by a different element.
    expect(await ids({ 'scores.s': { $gt: 6 }, 'scores.k': 'x' })).toEqual([1]);
  });

  test('$elemMatch on scalar elements versus range conditions spread over elements', async () => {
    expect(await ids({ readings: { $elemMatch: { $gt: 5, $lt: 10 } } })).toEqual([1]);
    expect(await ids({ readings: { $gt: 5, $lt: 10 } })).toEqual([1, 2]);
  });

  test('$size and $all', async () => {
    expect(await ids({ tags: { $size: 2 } })).toEqual([1, 2]);
    expect(await ids({ tags: { $size: 0 } })).toEqual([3]);
    expect(await ids({ tags: { $all: ['b', 'a'] } })).toEqual([1]);
  });
});

describe('dotted paths', () => {
  test('reach into embedded documents', async () => {
    expect(await ids({ 'address.city': 'Paris' })).toEqual([1, 3]);
  });

  test('reach into documents inside arrays', async () => {
    expect(await ids({ 'scores.k': 'y' })).toEqual([1]);
    expect(await ids({ 'scores.s': { $lt: 3 } })).toEqual([3]);
  });

  test('a numeric path component selects an array position', async () => {
    expect(await ids({ 'tags.0': 'b' })).toEqual([2]);
    expect(await ids({ 'scores.1.k': 'y' })).toEqual([1]);
  });
});

describe('findOne', () => {
  test('returns the first matching document or null', async () => {
    expect(await people.findOne({ name: 'carol' })).toMatchObject({ _id: 3, age: 35 });
    expect(await people.findOne({ name: 'nobody' })).toBeNull();
  });

  test('honours sort and projection', async () => {
    const oldest = await people.findOne(
      { age: { $type: 'number' } },
      { sort: { age: -1 }, projection: { _id: 0, name: 1 } },
    );
    expect(oldest).toEqual({ name: 'dave' });
  });
});
