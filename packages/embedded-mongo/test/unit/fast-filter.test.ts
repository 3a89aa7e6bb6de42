import { ObjectId } from 'bson';
import type { Doc } from '../../src/query/document';
import { compileFastFilter } from '../../src/query/fast-filter';
import { mingoOptions, Query } from '../../src/query/mingo';

/**
 * The compiled filters (fast-filter.ts) must answer exactly what mingo answers wherever they answer at all: every
 * filter below against every document, compared with mingo under the server's own operators.
 */

const id1 = new ObjectId('64a000000000000000000001');
const id2 = new ObjectId('64a000000000000000000002');
const day1 = new Date('2026-01-01T00:00:00Z');
const day2 = new Date('2026-06-01T00:00:00Z');

const values: unknown[] = [
  undefined,
  null,
  0,
  -0,
  1,
  2.5,
  NaN,
  '',
  '1',
  'a',
  'b',
  'é',
  true,
  false,
  id1,
  new ObjectId(id1.toHexString()),
  id2,
  day1,
  new Date(day1.getTime()),
  day2,
  [],
  [1, 'a'],
  [null],
  [id1],
  { a: 1 },
  { $x: 1 },
];

const docs: Doc[] = values.map((value, i) => (value === undefined ? { _id: i } : { _id: i, f: value }));

const operands: unknown[] = [null, 0, 1, 2.5, '', '1', 'a', 'é', true, false, id1, id2, day1, day2];

const filters: Doc[] = [
  {},
  ...operands.flatMap((v) => [{ f: v }, { f: { $eq: v } }, { f: { $ne: v } }]),
  // Ranges on null and booleans are left to mingo (below).
  ...operands
    .filter((v) => v !== null && typeof v !== 'boolean')
    .flatMap((v) => [{ f: { $lt: v } }, { f: { $lte: v } }, { f: { $gt: v } }, { f: { $gte: v } }]),
  { f: { $in: [] } },
  { f: { $in: [null, 1, 'a'] } },
  { f: { $in: [id1, day1, true] } },
  { f: { $nin: [null, 1, 'a'] } },
  { f: { $nin: [id2, false] } },
  { f: { $exists: true } },
  { f: { $exists: false } },
  { f: { $gte: 0, $lt: 2 } },
  { f: { $gt: 'a', $ne: 'b' } },
  { $or: [{ f: { $ne: true } }, { f: { $in: [id1] } }] },
  { $and: [{ f: { $exists: true } }, { f: { $ne: null } }] },
  { $nor: [{ f: 1 }, { f: 'a' }] },
  { _id: { $lt: 10 }, f: { $ne: 0 } },
];

test.each(filters.map((filter) => [JSON.stringify(filter), filter] as const))(
  'the compiled %s agrees with mingo',
  (_name, filter) => {
    const fast = compileFastFilter(filter);
    expect(fast).toBeDefined();
    const query = new Query(filter, mingoOptions());
    const decided = docs.filter((doc) => fast?.(doc) !== undefined);
    for (const doc of decided) expect([doc, fast?.(doc)]).toEqual([doc, query.test(doc)]);
    // Only arrays and documents are left to mingo; every plain scalar and missing field is decided.
    const scalarDocs = docs.filter((doc) => !Array.isArray(doc.f) && !(doc.f?.constructor === Object));
    expect(scalarDocs.filter((doc) => !Number.isNaN(doc.f)).every((doc) => decided.includes(doc))).toBe(true);
  },
);

// A dotted path: `f` an embedded document holding each value at `g`, or each value itself (an array, null or a scalar
// on the way, which mingo decides), and the same filters on `f.g`.
const nestedDocs: Doc[] = [
  ...values.map((value, i) => ({ _id: i, f: value === undefined ? {} : { g: value } })),
  ...values.map((value, i) => (value === undefined ? { _id: 100 + i } : { _id: 100 + i, f: value })),
  { _id: 200, f: [{ g: 1 }, { g: 'a' }] },
  { _id: 201, f: { g: { h: 1 } } },
];

const onPath = (filter: Doc): Doc =>
  Object.fromEntries(
    Object.entries(filter).map(([key, value]) => [
      key === 'f' ? 'f.g' : key,
      Array.isArray(value) ? value.map((sub) => onPath(sub as Doc)) : value,
    ]),
  );

test.each(filters.map((filter) => [JSON.stringify(onPath(filter)), onPath(filter)] as const))(
  'the compiled %s agrees with mingo',
  (_name, filter) => {
    const fast = compileFastFilter(filter);
    expect(fast).toBeDefined();
    const query = new Query(filter, mingoOptions());
    const decided = nestedDocs.filter((doc) => fast?.(doc) !== undefined);
    for (const doc of decided) expect([doc, fast?.(doc)]).toEqual([doc, query.test(doc)]);
    // Through an embedded document to a plain scalar or nothing, and with no `f` at all: decided.
    const plain = nestedDocs.filter((doc) => {
      if (doc.f === undefined) return true;
      if (doc.f?.constructor !== Object) return false;
      const g = (doc.f as Doc).g;
      return !Array.isArray(g) && !(g?.constructor === Object) && !Number.isNaN(g);
    });
    expect(plain.every((doc) => decided.includes(doc))).toBe(true);
  },
);

test("a change stream's filter of the feed cache is decided without mingo", () => {
  const fast = compileFastFilter({
    $or: [{ 'ns.coll': { $in: ['posts', 'likes'] } }, { operationType: 'dropDatabase' }],
  });
  const event = (coll: string, operationType = 'insert'): Doc => ({
    _id: { _data: '1' },
    operationType,
    ns: { db: 'posts', coll },
  });
  expect(fast?.(event('likes'))).toBe(true);
  expect(fast?.(event('post_events'))).toBe(false);
  expect(fast?.({ _id: { _data: '2' }, operationType: 'dropDatabase', ns: { db: 'posts' } })).toBe(true);
});

test('filters with anything else are left to mingo whole', () => {
  for (const filter of [
    { 'f.$g': 1 },
    { 'f..g': 1 },
    { f: /a/ },
    { f: { $regex: 'a' } },
    { f: { $elemMatch: { $eq: 1 } } },
    { f: { a: 1 } },
    { f: [1] },
    { f: { $in: [[1]] } },
    { f: { $lt: null } },
    { f: { $gt: true } },
    { f: { $eq: NaN } },
    { $expr: { $eq: ['$f', 1] } },
    { $or: [{ f: 1 }, { 'g.h': /a/ }] },
  ])
    expect(compileFastFilter(filter)).toBeUndefined();
});
