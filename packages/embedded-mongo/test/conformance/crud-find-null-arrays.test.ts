import type { Collection, Document } from 'mongodb';
import { freshCollection, useTestDatabase, type TestDoc } from './helpers';

// Null and missing fields through arrays, as MongoDB's own jstests/core/null_query_semantics.js defines them.
const t = useTestDatabase();

let coll: Collection<TestDoc>;
beforeAll(async () => {
  coll = freshCollection(t().db);
  await coll.insertMany([
    { _id: 'a_empty_subobject', a: {} },
    { _id: 'a_null', a: null },
    { _id: 'a_number', a: 4 },
    { _id: 'a_subobject_b_not_null', a: { b: 'hi' } },
    { _id: 'a_subobject_b_null', a: { b: null } },
    { _id: 'no_a' },
    { _id: 'a_empty_array', a: [] },
    { _id: 'a_object_array_all_b_nulls', a: [{ b: null }, {}] },
    { _id: 'a_object_array_no_b_nulls', a: [{ b: 1 }, { b: 'string' }] },
    { _id: 'a_object_array_some_b_missing', a: [{ b: 3 }, {}] },
    { _id: 'a_value_array_all_nulls', a: [null, null] },
    { _id: 'a_value_array_no_nulls', a: [1, 'string', 4] },
    { _id: 'a_value_array_with_null', a: [1, 'string', null, 4] },
  ]);
});

async function ids(filter: Document): Promise<string[]> {
  return (await coll.find(filter).toArray()).map((d) => d._id as string).sort();
}

const ALL = [
  'a_empty_array',
  'a_empty_subobject',
  'a_null',
  'a_number',
  'a_object_array_all_b_nulls',
  'a_object_array_no_b_nulls',
  'a_object_array_some_b_missing',
  'a_subobject_b_not_null',
  'a_subobject_b_null',
  'a_value_array_all_nulls',
  'a_value_array_no_nulls',
  'a_value_array_with_null',
  'no_a',
];

const A_NULL = ['a_null', 'a_value_array_all_nulls', 'a_value_array_with_null', 'no_a'];
const A_B_NULL = [
  'a_empty_subobject',
  'a_null',
  'a_number',
  'a_object_array_all_b_nulls',
  'a_object_array_some_b_missing',
  'a_subobject_b_null',
  'no_a',
];

test('{ a: null } matches null, missing, and arrays holding null', async () => {
  expect(await ids({ a: null })).toEqual(A_NULL);
  expect(await ids({ a: { $in: [null, 75] } })).toEqual(A_NULL);
});

test('{ a: { $ne: null } } is the exact complement', async () => {
  expect(await ids({ a: { $ne: null } })).toEqual(ALL.filter((id) => !A_NULL.includes(id)));
  expect(await ids({ a: { $nin: [null, 75] } })).toEqual(ALL.filter((id) => !A_NULL.includes(id)));
});

test('{ "a.b": null } matches scalars for a, and arrays with at least one document lacking b', async () => {
  expect(await ids({ 'a.b': null })).toEqual(A_B_NULL);
  expect(await ids({ 'a.b': { $in: [null, 75] } })).toEqual(A_B_NULL);
});

test('{ "a.b": { $ne: null } } is the exact complement, arrays of scalars included', async () => {
  expect(await ids({ 'a.b': { $ne: null } })).toEqual(ALL.filter((id) => !A_B_NULL.includes(id)));
});

test('$elemMatch with a field condition only considers documents in the array', async () => {
  expect(await ids({ a: { $elemMatch: { b: { $ne: null } } } })).toEqual([
    'a_object_array_no_b_nulls',
    'a_object_array_some_b_missing',
  ]);
  expect(await ids({ a: { $elemMatch: { b: { $eq: null } } } })).toEqual([
    'a_object_array_all_b_nulls',
    'a_object_array_some_b_missing',
  ]);
});

test('$elemMatch with a value condition considers scalar elements', async () => {
  expect(await ids({ a: { $elemMatch: { $eq: null } } })).toEqual([
    'a_value_array_all_nulls',
    'a_value_array_with_null',
  ]);
  expect(await ids({ a: { $elemMatch: { $gte: 4 } } })).toEqual([
    'a_value_array_no_nulls',
    'a_value_array_with_null',
  ]);
});

test('$exists on a dotted path: true where some b is present (even null), false is the complement', async () => {
  const present = [
    'a_object_array_all_b_nulls',
    'a_object_array_no_b_nulls',
    'a_object_array_some_b_missing',
    'a_subobject_b_not_null',
    'a_subobject_b_null',
  ];
  expect(await ids({ 'a.b': { $exists: true } })).toEqual(present);
  expect(await ids({ 'a.b': { $exists: false } })).toEqual(ALL.filter((id) => !present.includes(id)));
});
