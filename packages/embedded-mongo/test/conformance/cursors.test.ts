import { Long, type Collection } from 'mongodb';
import {
  asLong,
  withSession,
  expectServerError,
  freshCollection,
  monitoredClient,
  useTestDatabase,
  type MonitoredClient,
  type TestDoc,
} from './helpers';

const t = useTestDatabase();

let monitored: MonitoredClient;
let big: Collection<TestDoc>;
const BIG = 1000;

beforeAll(async () => {
  monitored = await monitoredClient(t());
  big = freshCollection(t().db, 'big');
  await big.insertMany(Array.from({ length: BIG }, (_, i) => ({ _id: i, n: i % 10 })));
});
afterAll(() => monitored.close());

beforeEach(() => monitored.reset());

function watched(): Collection {
  return monitored.db.collection(big.collectionName);
}

test('batchSize 7 over 1000 documents returns everything, in order, through many getMores', async () => {
  const docs = await watched().find().sort({ _id: 1 }).batchSize(7).toArray();
  expect(docs).toHaveLength(BIG);
  expect(docs.map((d) => d._id)).toEqual(Array.from({ length: BIG }, (_, i) => i));
  // 7 in the first batch, then 993 more in batches of 7: at least 142 getMores.
  expect(monitored.count('getMore')).toBeGreaterThanOrEqual(142);
  for (const event of monitored.commands.filter((c) => c.commandName === 'getMore')) {
    expect(event.command.batchSize).toBe(7);
  }
});

test('each batch holds at most batchSize documents', async () => {
  const cursor = watched().find({}, { batchSize: 7 });
  let seen = 0;
  while (await cursor.hasNext()) {
    const buffered = cursor.bufferedCount();
    expect(buffered).toBeLessThanOrEqual(7);
    cursor.readBufferedDocuments(buffered);
    seen += buffered;
  }
  expect(seen).toBe(BIG);
});

test('the first find batch defaults to 101 documents', async () => {
  await withSession(t(), async (run) => {
    const reply = await run({ find: big.collectionName, filter: {} });
    expect(reply.cursor.firstBatch).toHaveLength(101);
    expect(String(reply.cursor.id)).not.toBe('0');
    await run({ killCursors: big.collectionName, cursors: [asLong(reply.cursor.id)] });
  });
});

test('getMore continues a cursor opened with the find command', async () => {
  const db = t().db;
  await withSession(t(), async (run) => {
    const first = await run({
      find: big.collectionName,
      filter: { n: 3 },
      sort: { _id: 1 },
      batchSize: 10,
    });
    expect(first.cursor.firstBatch.map((d: { _id: number }) => d._id)).toEqual([
      3, 13, 23, 33, 43, 53, 63, 73, 83, 93,
    ]);
    expect(first.cursor.ns).toBe(`${db.databaseName}.${big.collectionName}`);
    const next = await run({
      getMore: asLong(first.cursor.id),
      collection: big.collectionName,
      batchSize: 5,
    });
    expect(next.cursor.nextBatch.map((d: { _id: number }) => d._id)).toEqual([103, 113, 123, 133, 143]);
    const rest = await run({ getMore: asLong(next.cursor.id), collection: big.collectionName });
    expect(rest.cursor.nextBatch).toHaveLength(100 - 15);
    expect(String(rest.cursor.id)).toBe('0');
  });
});

test('limit and batchSize together return exactly limit documents and leave no cursor open', async () => {
  const docs = await watched().find().sort({ _id: 1 }).limit(10).batchSize(3).toArray();
  expect(docs.map((d) => d._id)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  expect(monitored.count('getMore')).toBeGreaterThanOrEqual(3);
  expect(monitored.count('killCursors')).toBe(0);
});

test('singleBatch returns one batch and closes the cursor', async () => {
  const reply = await t().db.command({ find: big.collectionName, filter: {}, limit: 5, singleBatch: true });
  expect(reply.cursor.firstBatch).toHaveLength(5);
  expect(String(reply.cursor.id)).toBe('0');
});

test('cursor.close() kills the server cursor', async () => {
  const cursor = watched().find().batchSize(5);
  await cursor.next();
  const id = cursor.id;
  expect(id).toBeDefined();
  expect(id!.isZero()).toBe(false);
  await cursor.close();
  expect(monitored.count('killCursors')).toBe(1);
  await expectServerError(
    t().db.command({ getMore: id, collection: big.collectionName }),
    43,
    'CursorNotFound',
  );
});

test('killCursors reports killed and unknown cursors', async () => {
  await withSession(t(), async (run) => {
    const opened = await run({ find: big.collectionName, filter: {}, batchSize: 2 });
    const id = asLong(opened.cursor.id);
    const unknown = Long.fromNumber(123456789);
    const reply = await run({ killCursors: big.collectionName, cursors: [id, unknown] });
    expect(reply.ok).toBe(1);
    expect(reply.cursorsKilled.map(String)).toEqual([String(id)]);
    expect(reply.cursorsNotFound.map(String)).toEqual([String(unknown)]);
    await expectServerError(run({ getMore: id, collection: big.collectionName }), 43, 'CursorNotFound');
  });
});

test('getMore on an unknown cursor id is CursorNotFound (43)', async () => {
  const error = await expectServerError(
    t().db.command({ getMore: Long.fromNumber(987654321), collection: big.collectionName }),
    43,
    'CursorNotFound',
  );
  expect(error.message).toContain('987654321');
});

test('an aggregation cursor is continued with getMore too', async () => {
  const docs = await watched()
    .aggregate([{ $match: { n: { $lt: 5 } } }, { $sort: { _id: 1 } }], { batchSize: 9 })
    .toArray();
  expect(docs).toHaveLength(500);
  expect(monitored.count('getMore')).toBeGreaterThanOrEqual(55);
});

describe('a cursor kept open while other writes happen', () => {
  let coll: Collection<TestDoc>;
  beforeEach(async () => {
    coll = freshCollection(t().db);
    await coll.insertMany(Array.from({ length: 20 }, (_, i) => ({ _id: i, v: 'original' })));
  });

  test('sees the writes made between batches: deleted documents vanish, updated ones are current, inserts appear', async () => {
    const cursor = coll.find({}).sort({ _id: 1 }).batchSize(4);
    const seen: Array<{ _id: number; v?: string }> = [];
    for (let i = 0; i < 4; i++) seen.push((await cursor.next()) as { _id: number; v?: string });
    await coll.insertMany([{ _id: 100 }, { _id: 101 }]);
    // _id 4 is the next document the cursor would return; _id 15 is further ahead.
    await coll.deleteMany({ _id: { $in: [4, 15] } });
    await coll.updateOne({ _id: 2 }, { $set: { v: 'changed-after-read' } });
    await coll.updateOne({ _id: 10 }, { $set: { v: 'changed-before-read' } });
    for await (const doc of cursor) seen.push(doc as { _id: number; v?: string });
    const expectedIds = [
      ...Array.from({ length: 20 }, (_, i) => i).filter((i) => i !== 4 && i !== 15),
      100,
      101,
    ];
    expect(seen.map((d) => d._id)).toEqual(expectedIds);
    expect(seen.find((d) => d._id === 2)!.v).toBe('original');
    expect(seen.find((d) => d._id === 10)!.v).toBe('changed-before-read');
  });

  test('a collection scan returns the current version of documents updated after the first batch', async () => {
    const cursor = coll.find({ v: 'original' }).batchSize(3);
    const first = await cursor.next();
    await coll.updateMany({}, { $set: { extra: true } });
    const rest = await cursor.toArray();
    const ids = [first!._id, ...rest.map((d) => d._id)];
    expect(new Set(ids).size).toBe(20);
    // The two documents still buffered from the first batch predate the update; every later one follows it.
    expect(rest.slice(0, 2).every((d) => d.extra === undefined)).toBe(true);
    expect(rest.slice(2).every((d) => d.extra === true)).toBe(true);
  });
});
