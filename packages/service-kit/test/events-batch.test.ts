import type { Db, ObjectId } from 'mongodb';
import {
  BATCH_MAX,
  createLogger,
  currentClusterTime,
  EVENT_CURSORS,
  EventHandlerError,
  recordEvent,
  startEventConsumer,
  type EventConsumer,
  type EventConsumerSpec,
  type EventCursor,
} from '../src';
import { capturingLogger, ERROR, INFO, LOG, sharedServer, until, type TestEvent } from './event-helpers';

// The consumer's batch path (docs/events.md "Batches"): a spec with `handleBatch` (or `prepareBatch`) gets what the
// stream (or a reading of the log) already holds, in order; a failing batch is handed over again one event at a time.

const quiet = createLogger('events-batch-test', 'silent');
const { freshDb } = sharedServer('events-batch');
const running: EventConsumer[] = [];

afterEach(async () => {
  await Promise.all(running.splice(0).map((consumer) => consumer.stop()));
});

function consume(db: Db, spec: Omit<EventConsumerSpec<TestEvent>, 'name' | 'log'>, logger = quiet) {
  const consumer = startEventConsumer({ db, logger }, { name: 'test.batch', log: LOG, ...spec });
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
const cursorOf = (db: Db) =>
  db.collection<EventCursor>(EVENT_CURSORS).findOne({ _id: `test.batch:${LOG.name}` });

/** A batching handler that keeps each batch it was given (as `n`s) and everything handled, in order. */
function batcher() {
  const batches: number[][] = [];
  const handled: number[] = [];
  const spec: Omit<EventConsumerSpec<TestEvent>, 'name' | 'log'> = {
    handle: async (event) => {
      handled.push(Number(event.n));
    },
    handleBatch: async (events) => {
      const ns = events.map((event) => Number(event.n));
      batches.push(ns);
      handled.push(...ns);
    },
  };
  return { batches, handled, spec };
}

test('a backlog goes to handleBatch in order, at most BATCH_MAX at a time, on a first start and on a resume', async () => {
  const db = freshDb();
  const first = BATCH_MAX + 200;
  await record(db, 1, first);
  // A first start reads the log itself, a driver batch at a time.
  const reading = batcher();
  const consumer = consume(db, reading.spec);
  await consumer.drain();
  expect(reading.handled).toEqual(range(1, first));
  expect(reading.batches.length).toBeGreaterThan(1);
  expect(Math.max(...reading.batches.map((batch) => batch.length))).toBeLessThanOrEqual(BATCH_MAX);
  await consumer.stop();

  // Recorded while no consumer runs: the resumed stream's first answer holds them all.
  const last = first + BATCH_MAX + 100;
  const ids = await record(db, first + 1, last);
  const resumed = batcher();
  const again = consume(db, resumed.spec);
  await again.drain();
  expect(resumed.handled).toEqual(range(first + 1, last));
  expect(resumed.batches.length).toBeGreaterThan(1);
  expect(resumed.batches.every((batch) => batch.length <= BATCH_MAX)).toBe(true);
  expect(resumed.batches[0]).toHaveLength(BATCH_MAX);
  // The position is stored after the whole batch: at the last event.
  expect((await cursorOf(db))!.lastId!.equals(ids[ids.length - 1])).toBe(true);

  // Live events still come through (alone or batched, as the stream has them), once each.
  await record(db, last + 1, last + 3);
  await again.drain();
  expect(resumed.handled).toEqual(range(first + 1, last + 3));
});

test('a failing batch is handed over one event at a time: logged once, retried, nothing after the event first', async () => {
  const db = freshDb();
  const seed = consume(db, { handle: async () => undefined });
  await seed.drain();
  await seed.stop();
  const ids = await record(db, 1, 5);
  const capture = capturingLogger();
  const batches: number[][] = [];
  const single: number[] = [];
  let failures = 2;
  const consumer = consume(
    db,
    {
      // Refuses any batch holding event 3, without applying any of it.
      handleBatch: async (events) => {
        const ns = events.map((event) => Number(event.n));
        batches.push(ns);
        if (ns.includes(3)) throw new Error('batch refused');
      },
      handle: async (event) => {
        if (event.n === 3 && failures-- > 0) throw new Error('projection write refused');
        single.push(Number(event.n));
      },
    },
    capture.logger,
  );
  // The stream resumes with all five at once; the batch fails, then 1 and 2 alone succeed and 3 fails.
  await expect(consumer.drain()).rejects.toBeInstanceOf(EventHandlerError);
  expect(batches[0]).toEqual([1, 2, 3, 4, 5]);
  expect(single).toEqual([1, 2]);
  // Retried from event 3 (as a batch again, then alone) until it succeeds; 4 and 5 only after it.
  await until('all five handled', () => single.length === 5);
  expect(single).toEqual([1, 2, 3, 4, 5]);
  expect(batches.slice(1).every((batch) => batch[0] === 3)).toBe(true);
  await consumer.drain();
  expect((await cursorOf(db))!.lastId!.equals(ids[4])).toBe(true);
  const errors = capture.lines.filter((line) => line.level === ERROR);
  expect(errors).toHaveLength(1);
  expect(errors[0]).toMatchObject({ eventId: ids[2].toHexString(), err: 'projection write refused' });
  expect(capture.messages(INFO)).toContain('event handled after retries');
});

test('a batch that succeeds after a failed one goes on batched', async () => {
  const db = freshDb();
  const seed = consume(db, { handle: async () => undefined });
  await seed.drain();
  await seed.stop();
  await record(db, 1, 4);
  const batches: number[][] = [];
  const single: number[] = [];
  let refuse = true;
  const consumer = consume(db, {
    // A passing failure (not the database's): the events are handled one at a time instead, and they succeed.
    handleBatch: async (events) => {
      if (refuse) {
        refuse = false;
        throw new Error('lock timeout');
      }
      batches.push(events.map((event) => Number(event.n)));
    },
    handle: async (event) => {
      single.push(Number(event.n));
    },
  });
  await consumer.drain();
  expect(single).toEqual([1, 2, 3, 4]);
  expect(batches).toEqual([]);
  await consumer.stop();
  await record(db, 5, 8);
  const again = consume(db, {
    handleBatch: async (events) => {
      batches.push(events.map((event) => Number(event.n)));
    },
    handle: async (event) => {
      single.push(Number(event.n));
    },
  });
  await again.drain();
  expect(batches).toEqual([[5, 6, 7, 8]]);
  expect(single).toEqual([1, 2, 3, 4]);
});

/** Resolves once released: a write the test holds open. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

test('prepareBatch: the next batch is prepared while the previous one writes; writes in order; stop() waits for the writes in hand', async () => {
  const db = freshDb();
  const seed = consume(db, { handle: async () => undefined });
  await seed.drain();
  await seed.stop();
  const ids = await record(db, 1, BATCH_MAX + 10); // the resumed stream holds them all: two batches
  const steps: string[] = [];
  const firstWrite = gate();
  const consumer = consume(db, {
    handle: async (event) => {
      steps.push(`handle ${String(event.n)}`);
    },
    prepareBatch: async (events) => {
      const first = Number(events[0].n);
      steps.push(`prepare ${first}`);
      return async () => {
        steps.push(`write ${first}`);
        if (first === 1) await firstWrite.opened;
        steps.push(`written ${first}`);
      };
    },
  });
  await until('the second batch prepared', () => steps.includes(`prepare ${BATCH_MAX + 1}`));
  expect(steps).toEqual(['prepare 1', 'write 1', `prepare ${BATCH_MAX + 1}`]);
  let stopped = false;
  const stopping = consumer.stop().then(() => (stopped = true));
  await new Promise((resolve) => setImmediate(resolve));
  expect(stopped).toBe(false);
  firstWrite.open();
  await stopping;
  // The first batch's writes finished and its position is stored; the second was prepared but never written.
  expect(steps).toEqual(['prepare 1', 'write 1', `prepare ${BATCH_MAX + 1}`, 'written 1']);
  expect((await cursorOf(db))!.lastId!.equals(ids[BATCH_MAX - 1])).toBe(true);
});

test('prepareBatch: failed writes go to handle one at a time, and the batch prepared meanwhile is prepared again', async () => {
  const db = freshDb();
  const seed = consume(db, { handle: async () => undefined });
  await seed.drain();
  await seed.stop();
  const ids = await record(db, 1, BATCH_MAX + 10);
  const prepared: number[] = [];
  const written: number[] = [];
  const single: number[] = [];
  let refuse = true;
  const consumer = consume(db, {
    handle: async (event) => {
      single.push(Number(event.n));
    },
    prepareBatch: async (events) => {
      const first = Number(events[0].n);
      prepared.push(first);
      return async () => {
        if (first === 1 && refuse) {
          refuse = false;
          // Fails once the next batch has been prepared meanwhile.
          await until('the next batch prepared', () => prepared.includes(BATCH_MAX + 1));
          throw new Error('lock timeout');
        }
        written.push(...events.map((event) => Number(event.n)));
      };
    },
  });
  await consumer.drain();
  expect(single).toEqual(range(1, BATCH_MAX));
  expect(written).toEqual(range(BATCH_MAX + 1, BATCH_MAX + 10));
  expect(prepared).toEqual([1, BATCH_MAX + 1, BATCH_MAX + 1]);
  expect((await cursorOf(db))!.lastId!.equals(ids[ids.length - 1])).toBe(true);
});

test('drain() after a pause waits for the whole backlog, whether the last second holds pending events or not', async () => {
  const db = freshDb();
  const first = batcher();
  const consumer = consume(db, first.spec);
  await consumer.drain();
  await consumer.stop();
  /** Writes elsewhere until the deployment's time is past `after` by more than a second (drain's probe window). */
  const secondsPass = async (after: number) =>
    until(
      'a second of cluster time',
      async () => {
        await db.collection('elsewhere').insertOne({ at: new Date() });
        return (await currentClusterTime(db)).t > after + 1;
      },
      5_000,
    );
  // Recorded after a pause, the newest within the last second: drain finds it there.
  await secondsPass((await currentClusterTime(db)).t);
  await record(db, 1, 300);
  const second = batcher();
  const again = consume(db, second.spec);
  await again.drain();
  expect(second.handled).toEqual(range(1, 300));
  await again.stop();
  // Recorded, then a pause with nothing recorded: drain reads from the position instead.
  await record(db, 301, 600);
  await secondsPass((await currentClusterTime(db)).t);
  const third = batcher();
  await consume(db, third.spec).drain();
  expect(third.handled).toEqual(range(301, 600));
});
