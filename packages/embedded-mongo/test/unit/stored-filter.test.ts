import { BSONRegExp, Binary, Decimal128, Long, ObjectId, serialize } from 'bson';
import { Collection } from '../../src/engine/collection';
import { packDocument } from '../../src/engine/document-shapes';
import { discardChanges } from '../../src/engine/journal-entry';
import { prepareQuery, runQuery } from '../../src/engine/query';
import { decodeDocument, encodeDocument } from '../../src/engine/record';
import { compileStoredFilter, lazyStoredFilter } from '../../src/engine/stored-filter';
import type { Doc } from '../../src/query/document';
import { compileFilter } from '../../src/query/filter';
import { mingoOptions, Query } from '../../src/query/mingo';

/**
 * Filters decided on the stored bytes (stored-filter.ts) must answer exactly what the server's matcher answers on
 * the decoded document wherever they answer at all, and answer for every value of the types they read: every
 * filter below against every document, stored as the engine stores it.
 */

const id1 = new ObjectId('64a000000000000000000001');
const id2 = new ObjectId('64a000000000000000000002');
const idHigh = new ObjectId('ff0000000000000000000000');
/** The same last three bytes as id1 (the set's first lookup), other bytes before. */
const id1Twin = new ObjectId('65a000000000000000000001');
const day1 = new Date('2026-01-01T00:00:00Z');
const day2 = new Date('2026-06-01T00:00:00Z');
const before1970 = new Date(-86_400_000 * 400 - 7);

/** Values the stored bytes decide: missing, null, booleans, int32, doubles, strings, ObjectIds, dates. */
const decidedValues: unknown[] = [
  undefined,
  null,
  0,
  -0,
  1,
  -7,
  2.5,
  2 ** 40 + 0.5,
  '',
  '1',
  'a',
  'b',
  'é',
  'a\u0000b',
  '😀',
  true,
  false,
  id1,
  new ObjectId(id1.toHexString()),
  id2,
  idHigh,
  id1Twin,
  day1,
  new Date(day1.getTime()),
  day2,
  before1970,
];

/** Values left to the matcher (arrays match by their elements, numbers across types, …). */
const otherValues: unknown[] = [
  NaN,
  [],
  [1, 'a'],
  [null],
  [id1],
  [[1]],
  { a: 1 },
  { $x: 1 },
  Long.fromNumber(1),
  Long.fromString('9007199254740993'),
  Decimal128.fromString('1'),
  new Binary(Buffer.from([1, 2])),
  new BSONRegExp('a', 'i'),
];

const docOf = (value: unknown, i: number): Doc => {
  const doc: Doc = value === undefined ? { _id: i } : { _id: i, f: value };
  // Other fields around it, one of them read by some filters: the field is found wherever it is.
  return i % 2 === 0 ? { ...doc, g: i, h: 'x' } : { h: 'x', ...doc, g: i };
};
const decidedDocs = decidedValues.map(docOf);
const otherDocs = otherValues.map((value, i) => docOf(value, 100 + i));

const operands: unknown[] = [null, 0, 1, -7, 2.5, '', '1', 'a', 'é', '😀', true, false, id1, id2, day1, day2];

const filters: Doc[] = [
  {},
  ...operands.flatMap((v) => [{ f: v }, { f: { $eq: v } }, { f: { $ne: v } }]),
  ...operands
    .filter((v) => v !== null && typeof v !== 'boolean')
    .flatMap((v) => [{ f: { $lt: v } }, { f: { $lte: v } }, { f: { $gt: v } }, { f: { $gte: v } }]),
  { f: { $lt: before1970 } },
  { f: { $gt: idHigh } },
  { f: { $in: [] } },
  { f: { $in: [null, 1, 'a'] } },
  { f: { $in: [id1, day1, true, 2.5] } },
  { f: { $in: [id2, idHigh, 'é'] } },
  { f: { $in: [id1Twin, id2] } },
  { f: { $nin: [id1, id1Twin, ...Array.from({ length: 50 }, () => new ObjectId())] } },
  { f: { $nin: [null, 1, 'a'] } },
  { f: { $nin: [id2, false] } },
  { f: { $exists: true } },
  { f: { $exists: false } },
  { f: { $gte: 0, $lt: 2 } },
  { f: { $gt: 'a', $ne: 'b' } },
  // The feed's visibility filter, and with a hidden author.
  { $or: [{ f: { $ne: true } }, { g: { $in: [1, 2, 3] } }] },
  { $or: [{ f: { $ne: true } }, { g: { $in: [1, 2, 3] } }], f: { $nin: [id1, id2] } },
  { $and: [{ f: { $exists: true } }, { f: { $ne: null } }] },
  { $nor: [{ f: 1 }, { f: 'a' }] },
  { _id: { $lt: 10 }, f: { $ne: 0 } },
  { missing: null, h: 'x' },
];

const engineMatcher = (filter: Doc) => compileFilter(filter);

test.each(filters.map((filter) => [JSON.stringify(filter), filter] as const))(
  'the stored %s agrees with the matcher and mingo',
  (_name, filter) => {
    const stored = compileStoredFilter(filter);
    expect(stored).toBeDefined();
    const query = new Query(filter, mingoOptions());
    const matcher = engineMatcher(filter);
    for (const doc of [...decidedDocs, ...otherDocs]) {
      const bytes = encodeDocument(doc, false);
      const answer = stored?.(bytes);
      // What a scan answered before: the server's matcher on the decoded document.
      const before = matcher(decodeDocument(bytes));
      // Every document of the decided types is decided, and rightly (mingo agrees there); the others where they are.
      if (decidedDocs.includes(doc)) expect([doc, answer, answer]).toEqual([doc, before, query.test(doc)]);
      else if (answer !== undefined) expect([doc, answer]).toEqual([doc, before]);
    }
  },
);

test('a field a decision needs not is not read: the first branch of an $or decides alone', () => {
  const stored = compileStoredFilter({ $or: [{ p: { $ne: true } }, { a: { $in: [id1] } }] });
  // `a` is an array, which only the matcher decides: reached only when `p` is true.
  expect(stored?.(encodeDocument({ _id: 1, a: [id1], x: 'y' }, false))).toBe(true);
  expect(stored?.(encodeDocument({ _id: 2, p: false, a: [id1] }, false))).toBe(true);
  expect(stored?.(encodeDocument({ _id: 3, p: true, a: [id1] }, false))).toBeUndefined();
  expect(stored?.(encodeDocument({ _id: 4, p: true, a: id1 }, false))).toBe(true);
  expect(stored?.(encodeDocument({ _id: 5, p: true, a: id2 }, false))).toBe(false);
  expect(stored?.(encodeDocument({ _id: 6, p: true }, false))).toBe(false);
});

test('documents of many shapes are tested with the same compiled filter', () => {
  const stored = compileStoredFilter({ a: 1, b: { $ne: 'x' } });
  const docs: Doc[] = [
    { a: 1 },
    { b: 'x', a: 1 },
    { a: 1, b: 'y' },
    { z: [1, 2], b: 'y', a: 1 },
    { a: 2, b: 'y' },
    { b: 'y', a: 1.0, c: { d: 1 } },
  ];
  const answers = docs.map((doc) => stored?.(encodeDocument(doc, false)));
  expect(answers).toEqual([true, false, true, true, false, true]);
});

test('a document stored plain, or with a field named twice, is left to the matcher', () => {
  const stored = compileStoredFilter({ f: 1 });
  // An empty document is stored plain (nothing to gain from a shape).
  expect(stored?.(encodeDocument({}, false))).toBeUndefined();
  // {f: 2, f: 1}: BSON allows a name twice; decoding keeps the last.
  const bytes = Buffer.from(serialize({ f: 2, g: 1 }));
  bytes[bytes.indexOf('g'.charCodeAt(0), 4)] = 'f'.charCodeAt(0);
  const twice = packDocument(bytes);
  expect(decodeDocument(twice)).toEqual({ f: 1 });
  expect(stored?.(twice)).toBeUndefined();
  expect(stored?.(encodeDocument({ f: 1, g: 1 }, false))).toBe(true);
});

test('filters with anything else are not compiled', () => {
  for (const filter of [
    { 'f.g': 1 },
    { f: /a/ },
    { f: { $regex: 'a' } },
    { f: { $elemMatch: { $gt: 1 } } },
    { f: { $in: [[1]] } },
    { f: { $eq: { a: 1 } } },
    { f: Long.fromNumber(1) },
    { f: { $exists: 1 } },
    { f: { $gt: null } },
    { f: { $lt: true } },
    { f: NaN },
    { $expr: { $eq: ['$f', 1] } },
    { $comment: 'c', f: 1 },
    { $or: [{ f: 1 }, { g: { $size: 1 } }] },
  ])
    expect([filter, compileStoredFilter(filter)]).toEqual([filter, undefined]);
});

test('a skip through the _id index passes over documents on their bytes and hands out the same answer', () => {
  const posts = new Collection('db', 'posts', discardChanges);
  const reader = new ObjectId();
  const docs: Doc[] = [];
  for (let i = 0; i < 300; i++) {
    const authorId = i % 7 === 0 ? reader : new ObjectId();
    // Private posts, posts with the field missing, a few with values only the matcher decides.
    const privacy = i % 5 === 0 ? { authorPrivate: true } : i % 5 === 1 ? {} : { authorPrivate: false };
    const odd = i % 50 === 3 ? { authorPrivate: [true] } : {};
    docs.push({ _id: new ObjectId(), authorId, ...privacy, ...odd, n: i });
  }
  for (const doc of docs) posts.insert(doc);
  const filter = { $or: [{ authorPrivate: { $ne: true } }, { authorId: { $in: [reader] } }] };
  const query = new Query(filter, mingoOptions());
  const expected = docs
    .filter((doc) => query.test(doc))
    .sort((a, b) => ((b._id as ObjectId).toHexString() < (a._id as ObjectId).toHexString() ? -1 : 1));
  const page = runQuery(posts, { filter, sort: [['_id', -1]], skip: 100, limit: 20 });
  expect(page.map((doc) => doc.n)).toEqual(expected.slice(100, 120).map((doc) => doc.n));
  // Read on the `_id` index, each document walked examined once.
  const prepared = prepareQuery(posts, { filter, sort: [['_id', -1]], skip: 100, limit: 20 });
  while (!prepared.docs.next().done);
  expect(prepared.plan.kind).toBe('IXSCAN');
  // Ids grow with insertion: the walk went from the newest down to the page's last post.
  expect(prepared.stats.docsExamined).toBe(docs.length - docs.indexOf(expected[119]));
});

test('a scan compiles the stored test only after its first documents, which the matcher decides', () => {
  const lazy = lazyStoredFilter({ f: { $ne: true } });
  const bytes = encodeDocument({ _id: 1, f: false }, false);
  const answers = Array.from({ length: 10 }, () => lazy(bytes));
  expect(answers).toEqual([...Array(7).fill(undefined), true, true, true]);
});
