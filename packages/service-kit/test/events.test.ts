import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer } from '@devcircle/embedded-mongo';
import { MongoClient, type Db, type ObjectId } from 'mongodb';
import {
  createLogger,
  ensureEventLog,
  EVENT_CURSORS,
  EventHandlerError,
  IDLE_WAIT_MS,
  openDatabase,
  recordEvent,
  startEventConsumer,
  startService,
  type EventConsumer,
  eventLog,
  type EventConsumerSpec,
  type EventCursor,
  type StoredEvent,
} from '../src';
import {
  capturingLogger,
  ERROR,
  INFO,
  insertLate,
  LOG,
  recorder,
  sharedServer,
  until,
  WARN,
  type TestEvent,
} from './event-helpers';

const quiet = createLogger('events-test', 'silent');
const { freshDb, server } = sharedServer('events');
const running: EventConsumer[] = [];

afterEach(async () => {
  await Promise.all(running.splice(0).map((consumer) => consumer.stop()));
});

function consume(
  db: Db,
  spec: Partial<EventConsumerSpec<TestEvent>> & Pick<EventConsumerSpec<TestEvent>, 'handle'>,
  logger = quiet,
) {
  const consumer = startEventConsumer({ db, logger }, { name: 'test.consumer', log: LOG, ...spec });
  running.push(consumer);
  return consumer;
}

async function record(db: Db, from: number, to: number): Promise<ObjectId[]> {
  const ids: ObjectId[] = [];
  for (let n = from; n <= to; n++) ids.push(await recordEvent(db, LOG, { type: 'numbered', n }));
  return ids;
}

const range = (from: number, to: number): number[] =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);
const cursorOf = (db: Db, name = 'test.consumer') =>
  db.collection<EventCursor>(EVENT_CURSORS).findOne({ _id: `${name}:${LOG.name}` });

test('recordEvent stores type, payload, a fresh _id and createdAt; events are delivered in order', async () => {
  const db = freshDb();
  const before = Date.now();
  const ids = await record(db, 1, 5);
  const stored = await db.collection<StoredEvent>(LOG.name).findOne({ _id: ids[0] });
  expect(stored).toEqual({ _id: ids[0], type: 'numbered', n: 1, createdAt: expect.any(Date) });
  expect(stored!.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1);

  const handler = recorder();
  const consumer = consume(db, handler);
  await consumer.drain();
  expect(handler.handled).toEqual([1, 2, 3, 4, 5]);
  const cursor = await cursorOf(db);
  expect(cursor!.lastId!.equals(ids[4])).toBe(true);
  expect(cursor!.updatedAt).toBeInstanceOf(Date);

  // The stream hands over what comes later, without a drain.
  await record(db, 6, 7);
  await until('events 6 and 7', () => handler.handled.length === 7);
  expect(handler.handled).toEqual(range(1, 7));
});

test('a payload createdAt (a Date) is kept, anything else is replaced', async () => {
  const db = freshDb();
  const accountCreated = new Date(Date.now() - 1000);
  const kept = await recordEvent(db, LOG, { type: 'account.registered', createdAt: accountCreated });
  const replaced = await recordEvent(db, LOG, { type: 'x', createdAt: 'yesterday', _id: 'mine' });
  const events = db.collection<StoredEvent>(LOG.name);
  expect((await events.findOne({ _id: kept }))!.createdAt).toEqual(accountCreated);
  expect((await events.findOne({ _id: replaced }))!.createdAt).toBeInstanceOf(Date);
});

test('a restarted consumer resumes exactly after the last event it handled', async () => {
  const db = freshDb();
  await record(db, 1, 5);
  const first = recorder();
  const consumer = consume(db, first);
  await consumer.drain();
  await consumer.stop();
  expect(first.handled).toEqual([1, 2, 3, 4, 5]);
  expect((await cursorOf(db))!.token).toBeDefined();

  await record(db, 6, 8); // recorded while no consumer runs
  const second = recorder();
  await consume(db, second).drain();
  expect(second.handled).toEqual([6, 7, 8]);
});

test('events arrive in commit order, also one whose id is older than those already handled', async () => {
  const db = freshDb();
  const handler = recorder();
  const consumer = consume(db, handler);
  await consumer.drain();
  await record(db, 1, 3);
  // An insert that committed long after its id was made (a slow producer): the stream hands it over all the same.
  await insertLate(db, LOG.name, 4, 600);
  await record(db, 5, 5);
  await consumer.drain();
  expect(handler.handled).toEqual([1, 2, 3, 4, 5]);
});

test('a position stored before change streams (a last id only) resumes by reading the log from a minute before it', async () => {
  const db = freshDb();
  await insertLate(db, LOG.name, 1, 600);
  const ids = await record(db, 2, 4);
  await db
    .collection<EventCursor>(EVENT_CURSORS)
    .insertOne({ _id: `test.consumer:${LOG.name}`, lastId: ids[1], updatedAt: new Date() });
  const handler = recorder();
  const consumer = consume(db, handler);
  await consumer.drain();
  // 2 and 3 are handed over again (within the minute; handlers are idempotent), 1 is long past.
  expect(handler.handled).toEqual([2, 3, 4]);
  await record(db, 5, 5);
  await consumer.drain();
  expect(handler.handled).toEqual([2, 3, 4, 5]);
  expect((await cursorOf(db))!.token).toBeDefined();
});

test('a position the oplog no longer holds: one warning, then the log itself is read from the last event handled', async () => {
  // A server whose oplog keeps about a dozen events.
  const small = await startServer({ port: 0, oplogMaxBytes: 2_000 });
  const smallClient = new MongoClient(`mongodb://127.0.0.1:${small.port}/`);
  const capture = capturingLogger();
  try {
    const db = smallClient.db('events-history');
    await record(db, 1, 3);
    const first = recorder();
    const consumer = consume(db, first);
    await consumer.drain();
    await consumer.stop();
    await record(db, 4, 60); // pushes the stored position out of the oplog
    const second = recorder();
    await consume(db, second, capture.logger).drain();
    expect(second.handled).toEqual(range(1, 60)); // from a minute before event 3: 1–3 again, then all the rest
    expect(capture.messages(WARN)).toEqual([
      'event position no longer in the oplog; reading the log instead',
    ]);
  } finally {
    await Promise.all(running.splice(0).map((consumer) => consumer.stop()));
    await smallClient.close();
    await small.stop();
  }
});

test('a throwing handler is logged once, retried, and the position never skips the event', async () => {
  const db = freshDb();
  const ids = await record(db, 1, 3);
  const capture = capturingLogger();
  const handled: number[] = [];
  let failures = 2;
  const consumer = consume(
    db,
    {
      handle: async (event) => {
        if (event.n === 2 && failures-- > 0) throw new Error('projection write refused');
        handled.push(event.n as number);
      },
    },
    capture.logger,
  );
  // drain() reports the failure; the event after the failing one waits.
  await expect(consumer.drain()).rejects.toBeInstanceOf(EventHandlerError);
  expect(handled).toEqual([1]);
  // The consumer retries until the handler succeeds, then goes on in order.
  await until('all three handled', () => handled.length === 3);
  expect(handled).toEqual([1, 2, 3]);
  await consumer.drain();
  expect((await cursorOf(db))!.lastId!.equals(ids[2])).toBe(true);
  const errors = capture.lines.filter((line) => line.level === ERROR);
  expect(errors).toHaveLength(1);
  expect(errors[0]).toMatchObject({
    consumer: 'test.consumer',
    log: LOG.name,
    eventId: ids[1].toHexString(),
    err: 'projection write refused',
  });
  expect(capture.messages(INFO)).toContain('event handled after retries');
});

test('two instances of a consumer (same name) each handle every event; the stored position only moves forward', async () => {
  const db = freshDb();
  const a = recorder();
  const b = recorder();
  const first = consume(db, a);
  const second = consume(db, b);
  await Promise.all([first.drain(), second.drain()]);
  await record(db, 1, 10);
  await Promise.all([first.drain(), second.drain()]);
  expect(a.handled).toEqual(range(1, 10));
  expect(b.handled).toEqual(range(1, 10));
  const lastId = (await db.collection(LOG.name).find().sort({ _id: -1 }).limit(1).next())!._id as ObjectId;
  expect((await cursorOf(db))!.lastId!.equals(lastId)).toBe(true);
});

test("a 'live' consumer handles only what is recorded after it started and stores no cursor", async () => {
  const db = freshDb();
  await record(db, 1, 3);
  const live = recorder();
  const consumer = consume(db, { ...live, position: 'live' });
  await consumer.drain();
  expect(live.handled).toEqual([]);
  await record(db, 4, 6);
  await consumer.drain();
  expect(live.handled).toEqual([4, 5, 6]);
  expect(await cursorOf(db)).toBeNull();
});

test('while the log is quiet a consumer sends nothing: the server pushes each event as it commits', async () => {
  const monitored = new MongoClient(`mongodb://127.0.0.1:${server().port}/`, { monitorCommands: true });
  const sent: string[] = [];
  monitored.on('commandStarted', (event) => sent.push(event.commandName));
  try {
    const db = monitored.db(freshDb().databaseName);
    await record(db, 1, 1000);
    const seen = recorder();
    const consumer = consume(db, seen);
    await consumer.drain();
    expect(seen.handled).toEqual(range(1, 1000));
    const before = sent.length;
    const idleSince = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    // At most the getMore already waiting on the server returns (after IDLE_WAIT_MS), none in 1.5 s.
    expect(Date.now() - idleSince).toBeLessThan(IDLE_WAIT_MS);
    expect(sent.slice(before)).toEqual([]);
    await record(db, 1001, 1001);
    await until('the next event', () => seen.handled.length === 1001);
  } finally {
    await Promise.all(running.splice(0).map((consumer) => consumer.stop()));
    await monitored.close();
  }
});

test('drain() waits for every handler; stop() waits for the event in hand', async () => {
  const db = freshDb();
  await record(db, 1, 250);
  const handled: number[] = [];
  const consumer = consume(db, {
    handle: async (event) => {
      await new Promise((resolve) => setImmediate(resolve));
      handled.push(event.n as number);
    },
  });
  await consumer.drain();
  expect(handled).toEqual(range(1, 250));

  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let entered = false;
  let finished = false;
  const slowDb = freshDb();
  const slow = consume(slowDb, {
    handle: async () => {
      entered = true;
      await gate;
      finished = true;
    },
  });
  await recordEvent(slowDb, LOG, { type: 'slow' });
  await until('the handler started', () => entered);
  let stopped = false;
  const stopping = slow.stop().then(() => (stopped = true));
  await new Promise((resolve) => setImmediate(resolve));
  expect(stopped).toBe(false);
  release();
  await stopping;
  expect(finished).toBe(true);
  await expect(slow.drain()).rejects.toThrow('stopped');
});

test('ensureEventLog declares the TTL index on createdAt (30 days by default), idempotently', async () => {
  const db = freshDb();
  await ensureEventLog(db, eventLog('a_events'));
  await ensureEventLog(db, eventLog('a_events'));
  await ensureEventLog(db, eventLog('b_events'), { ttlDays: 7 });
  expect(await db.collection('a_events').indexes()).toContainEqual(
    expect.objectContaining({ key: { createdAt: 1 }, expireAfterSeconds: 30 * 24 * 3600 }),
  );
  expect(await db.collection('b_events').indexes()).toContainEqual(
    expect.objectContaining({ key: { createdAt: 1 }, expireAfterSeconds: 7 * 24 * 3600 }),
  );
});

test("startService starts a definition's consumers after setup and stops them with the service", async () => {
  const handler = recorder();
  let setUp = false;
  const service = await startService(
    {
      name: 'posts',
      context: (deps) => ({ deps }),
      setup: async ({ db }) => {
        await ensureEventLog(db, LOG);
        setUp = true;
      },
      routes: () => undefined,
      consumers: () => [
        {
          name: 'kit.test',
          log: LOG,
          handle: async (event) => {
            expect(setUp).toBe(true);
            await handler.handle(event);
          },
        },
      ],
    },
    {
      port: 0,
      env: { MONGODB_URI: server().databaseUri('events-service'), LOG_LEVEL: 'silent' },
    },
  );
  try {
    await service.ready;
    expect(service.consumers).toHaveLength(1);
    await service.consumers[0].drain();
    await record(service.deps.db, 1, 3);
    await service.consumers[0].drain();
    expect(handler.handled).toEqual([1, 2, 3]);
  } finally {
    await service.stop();
  }
  await expect(service.consumers[0].drain()).rejects.toThrow('stopped');
});

test("stop() ends every retry pause under way: the stream's and a drain's, both waiting for a stopped database", async () => {
  const database = await startServer({ port: 0 });
  let databaseUp = true;
  const capture = capturingLogger();
  const connection = openDatabase(`mongodb://127.0.0.1:${database.port}/events-pauses`);
  try {
    await connection.connected;
    // An hour between attempts: a pause that stop() leaves running holds it up far beyond the test's time.
    const consumer = startEventConsumer(
      { db: connection.db, logger: capture.logger, retryMs: 3_600_000 },
      { name: 'test.consumer', log: LOG, handle: recorder().handle },
    );
    running.push(consumer);
    await consumer.drain();

    await database.stop();
    databaseUp = false;
    // Each failure is logged just before its pause: the stream's warning, then the drain's debug line.
    await until('the stream to pause', () => capture.messages(WARN).length === 1);
    const draining = consumer.drain();
    draining.catch(() => undefined);
    await until('the drain to pause', () =>
      capture.messages(20).includes('event consumer drain waiting for the database'),
    );

    await consumer.stop();
    await expect(draining).rejects.toThrow('stopped');
  } finally {
    await connection.close();
    if (databaseUp) await database.stop();
  }
});

describe('database stopped and started again', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'devcircle-events-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  test('the consumer waits quietly (one warning), recovers, and delivers what was recorded', async () => {
    const dbpath = path.join(dataDir, 'db');
    let database = await startServer({ port: 0, dbpath });
    const port = database.port;
    const capture = capturingLogger();
    const connection = openDatabase(`mongodb://127.0.0.1:${port}/events-restart`);
    const crashes: unknown[] = [];
    const onRejection = (reason: unknown) => crashes.push(reason);
    process.on('unhandledRejection', onRejection);
    try {
      await connection.connected;
      const handler = recorder();
      const consumer = consume(connection.db, handler, capture.logger);
      await consumer.drain();
      await record(connection.db, 1, 2);
      await consumer.drain();

      await database.stop();
      // Several failed attempts, one warning; the rest at debug level.
      await until('repeated attempts', () => capture.messages(20).length >= 2, 20_000);
      expect(capture.messages(WARN)).toEqual(['event consumer cannot reach the database; retrying']);
      const draining = consumer.drain(); // waits for the database instead of failing

      database = await startServer({ port, dbpath });
      await draining;
      await until('events recorded after the restart', async () => {
        try {
          await record(connection.db, 3, 4);
          return true;
        } catch {
          return false; // the driver has not noticed the server is back yet
        }
      });
      await until('events 3 and 4', () => handler.handled.includes(4));
      expect(handler.handled).toEqual([1, 2, 3, 4]);
      expect(capture.messages(WARN)).toHaveLength(1);
      expect(capture.messages(INFO)).toContain('event consumer reached the database again');
      expect(capture.messages(ERROR)).toEqual([]);
      expect(crashes).toEqual([]);
    } finally {
      process.off('unhandledRejection', onRejection);
      await Promise.all(running.splice(0).map((consumer) => consumer.stop()));
      await connection.close();
      await database.stop();
    }
  });
});
