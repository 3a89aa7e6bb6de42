import type { Collection, Document } from 'mongodb';
import { expectServerError, freshCollection, useTestDatabase, type TestDoc } from './helpers';

const t = useTestDatabase();

const DOC = {
  _id: 1,
  a: 1,
  b: { c: 2, d: 3 },
  arr: [1, 2, 3, 4, 5],
  items: [
    { k: 'x', q: 1 },
    { k: 'y', q: 7 },
    { k: 'z', q: 9 },
  ],
  name: 'n',
};

let coll: Collection<TestDoc>;
beforeAll(async () => {
  coll = freshCollection(t().db);
  await coll.insertOne(DOC);
});

function project(projection: Document, filter: Document = { _id: 1 }): Promise<Document | null> {
  return coll.findOne(filter, { projection });
}

describe('inclusion projection', () => {
  test('returns only the listed fields and _id', async () => {
    expect(await project({ a: 1 })).toEqual({ _id: 1, a: 1 });
  });

  test('_id: 0 drops _id', async () => {
    expect(await project({ a: 1, _id: 0 })).toEqual({ a: 1 });
  });

  test('keeps fields in document order, not projection order', async () => {
    expect(Object.keys((await project({ name: 1, a: 1 }))!)).toEqual(['_id', 'a', 'name']);
  });

  test('a dotted path keeps only that part of the embedded document', async () => {
    expect(await project({ 'b.c': 1 })).toEqual({ _id: 1, b: { c: 2 } });
  });

  test('a dotted path through an array of documents projects each element', async () => {
    expect(await project({ 'items.k': 1, _id: 0 })).toEqual({ items: [{ k: 'x' }, { k: 'y' }, { k: 'z' }] });
  });

  test('a missing field is simply absent', async () => {
    expect(await project({ nope: 1 })).toEqual({ _id: 1 });
  });

  test('an aggregation expression computes a new field', async () => {
    expect(await project({ total: { $add: ['$a', 10] }, _id: 0 })).toEqual({ total: 11 });
  });
});

describe('exclusion projection', () => {
  test('drops the listed fields and keeps the rest', async () => {
    expect(await project({ a: 0, arr: 0, items: 0 })).toEqual({ _id: 1, b: { c: 2, d: 3 }, name: 'n' });
  });

  test('_id: 0 alone drops only _id', async () => {
    const { _id, ...rest } = DOC;
    expect(await project({ _id: 0 })).toEqual(rest);
  });

  test('a dotted path drops only that embedded field', async () => {
    expect(await project({ 'b.c': 0, arr: 0, items: 0 })).toEqual({ _id: 1, a: 1, b: { d: 3 }, name: 'n' });
  });

  test('excluding nested fields leaves the stored document intact', async () => {
    await project({ 'b.c': 0, 'items.q': 0 });
    expect(await coll.findOne({ _id: 1 })).toEqual(DOC);
  });
});

describe('array projection operators', () => {
  test('$slice with a count keeps the first or last elements and every other field', async () => {
    expect(await project({ arr: { $slice: 2 } })).toEqual({ ...DOC, arr: [1, 2] });
    expect((await project({ arr: { $slice: -2 } }))!.arr).toEqual([4, 5]);
  });

  test('$slice with [skip, limit]', async () => {
    expect((await project({ arr: { $slice: [1, 2] } }))!.arr).toEqual([2, 3]);
    expect((await project({ arr: { $slice: [-2, 5] } }))!.arr).toEqual([4, 5]);
  });

  test('$slice combined with an inclusion returns only the included fields', async () => {
    expect(await project({ a: 1, arr: { $slice: 1 } })).toEqual({ _id: 1, a: 1, arr: [1] });
  });

  test('$elemMatch returns only the first matching element', async () => {
    expect(await project({ items: { $elemMatch: { q: { $gt: 5 } } } })).toEqual({
      _id: 1,
      items: [{ k: 'y', q: 7 }],
    });
  });

  test('$elemMatch without a match omits the field', async () => {
    expect(await project({ items: { $elemMatch: { q: { $gt: 100 } } } })).toEqual({ _id: 1 });
  });

  test('the positional $ projection returns the element the filter matched', async () => {
    const doc = await project({ 'items.$': 1 }, { 'items.q': { $gt: 8 } });
    expect(doc).toEqual({ _id: 1, items: [{ k: 'z', q: 9 }] });
  });
});

describe('invalid projections', () => {
  test('an exclusion inside an inclusion projection is error 31254', async () => {
    const error = await expectServerError(project({ a: 1, b: 0 }), 31254);
    expect(error.message).toContain('Cannot do exclusion on field b in inclusion projection');
  });

  test('an inclusion inside an exclusion projection is error 31253', async () => {
    const error = await expectServerError(project({ a: 0, b: 1 }), 31253);
    expect(error.message).toContain('Cannot do inclusion on field b in exclusion projection');
  });

  test('excluding _id is allowed in either kind', async () => {
    expect(await project({ _id: 0, a: 1 })).toEqual({ a: 1 });
    expect(await project({ _id: 0, a: 0, b: 0, arr: 0, items: 0 })).toEqual({ name: 'n' });
  });
});
