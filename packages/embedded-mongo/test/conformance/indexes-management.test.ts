import { expectServerError, freshCollection, useTestDatabase } from './helpers';

const t = useTestDatabase();

describe('createIndex / listIndexes', () => {
  test('createIndex returns the generated name and listIndexes shows the _id index and the new one', async () => {
    const coll = freshCollection(t().db);
    await coll.insertOne({ a: 1 });
    expect(await coll.createIndex({ a: 1 })).toBe('a_1');
    expect(await coll.createIndex({ b: -1, c: 1 })).toBe('b_-1_c_1');
    const indexes = await coll.listIndexes().toArray();
    expect(indexes.map((i) => [i.name, i.key])).toEqual([
      ['_id_', { _id: 1 }],
      ['a_1', { a: 1 }],
      ['b_-1_c_1', { b: -1, c: 1 }],
    ]);
    expect(indexes.every((i) => i.v === 2)).toBe(true);
  });

  test('an explicit name is kept', async () => {
    const coll = freshCollection(t().db);
    expect(await coll.createIndex({ a: 1 }, { name: 'by_a' })).toBe('by_a');
    expect(await coll.indexExists('by_a')).toBe(true);
    expect(await coll.indexExists('a_1')).toBe(false);
  });

  test('createIndex creates the collection', async () => {
    const coll = freshCollection(t().db);
    await coll.createIndex({ a: 1 });
    const names = (await t().db.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name);
    expect(names).toContain(coll.collectionName);
  });

  test('creating an identical index again is a no-op', async () => {
    const coll = freshCollection(t().db);
    await coll.createIndex({ a: 1 });
    expect(await coll.createIndex({ a: 1 })).toBe('a_1');
    expect(await coll.listIndexes().toArray()).toHaveLength(2);
  });

  test('createIndexes builds several at once', async () => {
    const coll = freshCollection(t().db);
    const names = await coll.createIndexes([{ key: { a: 1 } }, { key: { b: 1 }, name: 'bee', unique: true }]);
    expect(names).toEqual(['a_1', 'bee']);
    const bee = (await coll.listIndexes().toArray()).find((i) => i.name === 'bee');
    expect(bee).toMatchObject({ key: { b: 1 }, unique: true });
  });

  test('index options round-trip through listIndexes', async () => {
    const coll = freshCollection(t().db);
    await coll.createIndex({ createdAt: 1 }, { expireAfterSeconds: 3600 });
    await coll.createIndex({ s: 1 }, { sparse: true });
    await coll.createIndex({ p: 1 }, { partialFilterExpression: { p: { $gt: 5 } } });
    const byName = Object.fromEntries((await coll.listIndexes().toArray()).map((i) => [i.name, i]));
    expect(byName.createdAt_1).toMatchObject({ key: { createdAt: 1 }, expireAfterSeconds: 3600 });
    expect(byName.s_1).toMatchObject({ sparse: true });
    expect(byName.p_1).toMatchObject({ partialFilterExpression: { p: { $gt: 5 } } });
  });

  test('listIndexes on a missing collection is NamespaceNotFound (26)', async () => {
    const coll = freshCollection(t().db);
    await expectServerError(coll.listIndexes().toArray(), 26, 'NamespaceNotFound');
  });
});

describe('dropIndex / dropIndexes', () => {
  test('dropIndex by name and by key pattern', async () => {
    const coll = freshCollection(t().db);
    await coll.createIndexes([{ key: { a: 1 } }, { key: { b: 1 } }]);
    await coll.dropIndex('a_1');
    await t().db.command({ dropIndexes: coll.collectionName, index: { b: 1 } });
    expect((await coll.listIndexes().toArray()).map((i) => i.name)).toEqual(['_id_']);
  });

  test('dropIndexes removes every index but _id', async () => {
    const coll = freshCollection(t().db);
    await coll.createIndexes([{ key: { a: 1 } }, { key: { b: 1 } }, { key: { c: 1 } }]);
    await coll.dropIndexes();
    expect((await coll.listIndexes().toArray()).map((i) => i.name)).toEqual(['_id_']);
  });

  test('dropping an unknown index is IndexNotFound (27)', async () => {
    const coll = freshCollection(t().db);
    await coll.createIndex({ a: 1 });
    await expectServerError(coll.dropIndex('nope_1'), 27, 'IndexNotFound');
  });

  test('the _id index cannot be dropped (72)', async () => {
    const coll = freshCollection(t().db);
    await coll.insertOne({});
    await expectServerError(coll.dropIndex('_id_'), 72, 'InvalidOptions');
  });
});

describe('conflicting definitions', () => {
  test('the same key under another name is IndexOptionsConflict (85)', async () => {
    const coll = freshCollection(t().db);
    await coll.createIndex({ a: 1 }, { name: 'first' });
    await expectServerError(coll.createIndex({ a: 1 }, { name: 'second' }), 85, 'IndexOptionsConflict');
  });

  test('an existing name with a different key is IndexKeySpecsConflict (86)', async () => {
    const coll = freshCollection(t().db);
    await coll.createIndex({ a: 1 }, { name: 'idx' });
    await expectServerError(coll.createIndex({ b: 1 }, { name: 'idx' }), 86, 'IndexKeySpecsConflict');
  });

  test('an existing name with the same key but different uniqueness is IndexKeySpecsConflict (86)', async () => {
    const coll = freshCollection(t().db);
    await coll.createIndex({ a: 1 });
    await expectServerError(coll.createIndex({ a: 1 }, { unique: true }), 86, 'IndexKeySpecsConflict');
  });

  test('an existing name with the same key but another expireAfterSeconds is IndexOptionsConflict (85)', async () => {
    const coll = freshCollection(t().db);
    await coll.createIndex({ at: 1 }, { expireAfterSeconds: 10 });
    await expectServerError(
      coll.createIndex({ at: 1 }, { expireAfterSeconds: 20 }),
      85,
      'IndexOptionsConflict',
    );
  });
});
