import { expectServerError, freshCollection, useTestDatabase } from './helpers';

const t = useTestDatabase();

describe('server commands', () => {
  test('ping answers ok', async () => {
    expect(await t().db.command({ ping: 1 })).toMatchObject({ ok: 1 });
    expect(await t().client.db('admin').command({ ping: 1 })).toMatchObject({ ok: 1 });
  });

  test('buildInfo reports a version string and its parts', async () => {
    const info = await t().db.admin().buildInfo();
    expect(info.ok).toBe(1);
    expect(info.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(info.versionArray.slice(0, 2)).toEqual(info.version.split('.').slice(0, 2).map(Number));
  });

  test('hello reports a writable primary and the BSON size limit', async () => {
    const hello = await t().db.admin().command({ hello: 1 });
    expect(hello.ok).toBe(1);
    expect(hello.isWritablePrimary).toBe(true);
    expect(hello.maxBsonObjectSize).toBe(16 * 1024 * 1024);
  });

  test('serverStatus answers ok with uptime and connections', async () => {
    const status = await t().db.admin().serverStatus();
    expect(status.ok).toBe(1);
    expect(typeof status.uptime).toBe('number');
    expect(status.connections.current).toBeGreaterThanOrEqual(1);
  });
});

describe('databases', () => {
  test('listDatabases includes a database once it has data', async () => {
    await freshCollection(t().db).insertOne({ x: 1 });
    const { databases } = await t().db.admin().listDatabases();
    expect(databases.map((d) => d.name)).toContain(t().db.databaseName);
  });

  test('dropDatabase removes every collection of the database', async () => {
    const db = t().client.db(`${t().db.databaseName}_drop`);
    await db.collection('a').insertOne({});
    await db.collection('b').insertOne({});
    expect(await db.dropDatabase()).toBe(true);
    expect(await db.listCollections().toArray()).toEqual([]);
    const { databases } = await t().db.admin().listDatabases();
    expect(databases.map((d) => d.name)).not.toContain(db.databaseName);
  });
});

describe('collections', () => {
  test('create makes an empty collection that listCollections shows', async () => {
    const name = freshCollection(t().db).collectionName;
    await t().db.createCollection(name);
    const listed = await t().db.listCollections({ name }).toArray();
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ name, type: 'collection' });
    expect(await t().db.collection(name).countDocuments()).toBe(0);
  });

  test('creating an existing collection is NamespaceExists (48)', async () => {
    const coll = freshCollection(t().db);
    await coll.insertOne({});
    const error = await expectServerError(
      t().db.command({ create: coll.collectionName }),
      48,
      'NamespaceExists',
    );
    expect(error.message).toContain('already exists');
  });

  test('listCollections filters by name and lists names only on request', async () => {
    const a = freshCollection(t().db);
    const b = freshCollection(t().db);
    await a.insertOne({});
    await b.insertOne({});
    const names = (await t().db.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name);
    expect(names).toEqual(expect.arrayContaining([a.collectionName, b.collectionName]));
    const filtered = await t().db.listCollections({ name: a.collectionName }).toArray();
    expect(filtered.map((c) => c.name)).toEqual([a.collectionName]);
  });

  test('drop removes the collection and its documents', async () => {
    const coll = freshCollection(t().db);
    await coll.insertMany([{}, {}]);
    expect(await coll.drop()).toBe(true);
    expect(await t().db.listCollections({ name: coll.collectionName }).toArray()).toEqual([]);
    expect(await coll.countDocuments()).toBe(0);
  });

  test('a dropped name can be reused: the new collection starts empty with only the _id index', async () => {
    const coll = freshCollection(t().db);
    await coll.createIndex({ a: 1 });
    await coll.insertOne({ a: 1 });
    await coll.drop();
    await coll.insertOne({ b: 2 });
    expect(await coll.find({}, { projection: { _id: 0 } }).toArray()).toEqual([{ b: 2 }]);
    expect((await coll.listIndexes().toArray()).map((i) => i.name)).toEqual(['_id_']);
  });
});
