import type { Collection } from 'mongodb';
import { freshCollection, useTestDatabase, type TestDoc } from './helpers';

const t = useTestDatabase();

let coll: Collection<TestDoc>;
beforeAll(async () => {
  coll = freshCollection(t().db);
  await coll.insertMany([
    { _id: 1, city: 'Paris', tags: ['x', 'y'], meta: { lang: 'fr' } },
    { _id: 2, city: 'Berlin', tags: ['y', 'z'], meta: { lang: 'de' } },
    { _id: 3, city: 'Paris', tags: 'w', meta: { lang: 'fr' } },
    { _id: 4, city: 'Rome', tags: [] },
    { _id: 5, city: null },
    { _id: 6, items: [{ sku: 'a' }, { sku: 'b' }] },
    { _id: 7, items: [{ sku: 'b' }, { sku: 'c' }] },
  ]);
});

describe('countDocuments', () => {
  test('counts all documents or those a filter matches', async () => {
    expect(await coll.countDocuments()).toBe(7);
    expect(await coll.countDocuments({ city: 'Paris' })).toBe(2);
    expect(await coll.countDocuments({ city: 'Nowhere' })).toBe(0);
  });

  test('honours skip and limit', async () => {
    expect(await coll.countDocuments({}, { skip: 5 })).toBe(2);
    expect(await coll.countDocuments({}, { limit: 3 })).toBe(3);
    expect(await coll.countDocuments({}, { skip: 6, limit: 3 })).toBe(1);
  });

  test('is 0 for a collection that does not exist', async () => {
    expect(await freshCollection(t().db).countDocuments({})).toBe(0);
  });
});

describe('estimatedDocumentCount', () => {
  test('reports the collection size', async () => {
    expect(await coll.estimatedDocumentCount()).toBe(7);
  });

  test('is 0 for a collection that does not exist', async () => {
    expect(await freshCollection(t().db).estimatedDocumentCount()).toBe(0);
  });
});

describe('distinct', () => {
  test('returns each value once', async () => {
    const cities = await coll.distinct('city');
    expect([...cities].sort()).toEqual(['Berlin', 'Paris', 'Rome', null].sort());
  });

  test('unwinds arrays into their elements', async () => {
    const tags = await coll.distinct('tags');
    expect([...tags].sort()).toEqual(['w', 'x', 'y', 'z']);
  });

  test('follows dotted paths, including into arrays of documents', async () => {
    expect([...(await coll.distinct('meta.lang'))].sort()).toEqual(['de', 'fr']);
    expect([...(await coll.distinct('items.sku'))].sort()).toEqual(['a', 'b', 'c']);
  });

  test('applies a filter', async () => {
    expect(await coll.distinct('city', { 'meta.lang': 'fr' })).toEqual(['Paris']);
  });

  test('returns an empty list for a missing collection', async () => {
    expect(await freshCollection(t().db).distinct('x')).toEqual([]);
  });
});
