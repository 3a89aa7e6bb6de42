import { Binary, Long, MaxKey, MinKey, ObjectId } from 'bson';
import { Collection } from '../../src/engine/collection';
import { discardChanges } from '../../src/engine/journal-entry';
import { decodeKey, encodeEdge, encodeKey } from '../../src/engine/key-codec';
import { prepareQuery } from '../../src/engine/query';
import { compareValues } from '../../src/query/bson-order';

/**
 * How documents and index keys are stored (issue 17: memory at a million posts): documents as BSON bytes, keys as
 * strings whose plain order is BSON order. What a reader sees must not change, so these tests compare with the
 * value order every query uses (`compareValues`).
 */

const VALUES: unknown[] = [
  new MinKey(),
  null,
  NaN,
  -Infinity,
  -1e300,
  -2.5,
  -1,
  -Number.MIN_VALUE,
  0,
  Number.MIN_VALUE,
  1,
  Long.fromNumber(2),
  2.5,
  2 ** 40,
  Infinity,
  '',
  '\u0000',
  '\u0000a',
  'a',
  'a\u0000',
  'a\u0000b',
  'ab',
  'b',
  'é',
  '\ud7ff',
  '\ue000',
  '\uffff',
  '😀',
  new ObjectId('000000000000000000000000'),
  new ObjectId('65f000000000000000000001'),
  new ObjectId('ffffffffffffffffffffffff'),
  false,
  true,
  new Date(NaN),
  new Date(-8.64e15),
  new Date(0),
  new Date(1_700_000_000_000),
  new MaxKey(),
];

const sign = (n: number): number => (n < 0 ? -1 : n > 0 ? 1 : 0);

test('index keys as strings order as BSON values do, both directions, and decode to equal values', () => {
  const misordered: unknown[] = [];
  for (const direction of [1, -1]) {
    for (const a of VALUES) {
      for (const b of VALUES) {
        const x = encodeEdge([a, 'tail'], [direction, 1], 7, -1);
        const y = encodeEdge([b, 'tail'], [direction, 1], 7, -1);
        const byStrings = x < y ? -1 : x > y ? 1 : 0;
        if (byStrings !== sign(compareValues(a, b) * direction)) misordered.push([a, b, direction]);
      }
      if (a instanceof MinKey || a instanceof MaxKey) continue;
      const [value, tail, rid] = decodeKey(encodeKey([a, 'tail'], [direction, 1], 2 ** 40 + 3), [
        direction,
        1,
      ]);
      expect(compareValues(value, a)).toBe(0);
      expect([tail, rid]).toEqual(['tail', 2 ** 40 + 3]);
    }
  }
  expect(misordered).toEqual([]);
  // Equal values: the record id orders the entries; ±Infinity are before and after all of them.
  const keys = [
    encodeEdge([5], [1], -Infinity, -1),
    encodeKey([5], [1], 1),
    encodeKey([5], [1], 256),
    encodeEdge([5], [1], Infinity, 1),
  ];
  expect([...keys].sort()).toEqual(keys);
});

test('a stored document is its BSON: each read is a copy, with the types it was written with', () => {
  const posts = new Collection('db', 'posts', discardChanges);
  const doc = {
    _id: new ObjectId(),
    n: 1,
    big: Long.fromString('9007199254740993'),
    small: Long.fromNumber(3),
    at: new Date(1_700_000_000_000),
    bin: new Binary(Buffer.from([1, 2, 3])),
    nested: { list: [1, 'two', { three: 3 }] },
  };
  const record = posts.insert(doc);
  expect(typeof record.bson).toBe('string');
  const first = posts.findById(doc._id)?.doc as typeof doc;
  expect(first).toEqual(doc);
  expect(first.big).toBeInstanceOf(Long);
  expect(first.small).toBeInstanceOf(Long);
  first.nested.list.push('changed');
  expect(posts.findById(doc._id)?.doc).toEqual(doc);
});

test('an index meeting a value without a string encoding keeps array keys; a waiting scan reads on in order', () => {
  const items = new Collection('db', 'items', discardChanges);
  items.createIndex({ v: 2, key: { k: 1 }, name: 'k_1' });
  for (let k = 0; k < 6; k++) items.insert({ _id: k, k });
  const query = prepareQuery(items, { filter: { k: { $gte: 0 } }, sort: [['k', 1]], hint: 'k_1' });
  const read = [query.docs.next().value, query.docs.next().value].map((d) => d?._id);
  expect(typeof items.indexes.get('k_1')?.tree.minKey()).toBe('string');
  items.insert({ _id: 'object', k: { sub: 1 } });
  items.insert({ _id: 'number', k: 2.5 });
  expect(Array.isArray(items.indexes.get('k_1')?.tree.minKey())).toBe(true);
  for (let next = query.docs.next(); !next.done; next = query.docs.next()) read.push(next.value._id);
  expect(read).toEqual([0, 1, 2, 'number', 3, 4, 5]);
  items.delete(items.findById('object') as never);
  items.delete(items.findById(3) as never);
  const all = prepareQuery(items, { filter: {}, sort: [['k', -1]], hint: 'k_1' });
  expect([...{ [Symbol.iterator]: () => all.docs }].map((d) => d._id)).toEqual([5, 4, 'number', 2, 1, 0]);
});

test("a transaction's snapshot keeps its documents while the live collection writes, and the other way", () => {
  const live = new Collection('db', 'c', discardChanges);
  for (let i = 0; i < 2100; i++) live.insert({ _id: i, v: 0 });
  const snap = live.snapshot(discardChanges);
  live.replace(live.findById(5) as never, { _id: 5, v: 1 });
  live.delete(live.findById(2050) as never);
  live.insert({ _id: 'new', v: 0 });
  snap.replace(snap.findById(6) as never, { _id: 6, v: 2 });
  expect([snap.findById(5)?.doc.v, snap.findById(2050)?.doc.v, snap.findById('new')]).toEqual([
    0,
    0,
    undefined,
  ]);
  expect([live.findById(5)?.doc.v, live.findById(6)?.doc.v, live.findById(2050)]).toEqual([1, 0, undefined]);
  expect([live.size, snap.size]).toEqual([2100, 2100]);
  expect([...live.records()].map((r) => r.doc._id).slice(-2)).toEqual([2099, 'new']);
});
