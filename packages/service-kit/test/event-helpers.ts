import { Writable } from 'node:stream';
import { startServer, type RunningServer } from '@devcircle/embedded-mongo';
import { MongoClient, ObjectId, type Db } from 'mongodb';
import pino from 'pino';
import { eventLog, type Logger, type Recorded } from '../src';

/**
 * One embedded server for a test file, with a driver client on it, started before its tests and stopped after
 * them (after the file's own `afterEach`, so consumers stop first). Every `freshDb()` is a database of its own, so
 * the positions and logs of two tests never meet.
 */
export function sharedServer(prefix: string): { freshDb(): Db; server(): RunningServer } {
  let server: RunningServer | undefined;
  let client: MongoClient | undefined;
  let count = 0;
  beforeAll(async () => {
    server = await startServer({ port: 0 });
    client = new MongoClient(server.databaseUri(prefix));
    await client.connect();
  });
  afterAll(async () => {
    await client?.close();
    await server?.stop();
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('sharedServer: used before its beforeAll ran');
    return value;
  };
  return {
    freshDb: () => started(client).db(`${prefix}-${++count}`),
    server: () => started(server),
  };
}

/** Polls `check` every 20 ms until it holds (or `timeoutMs` passes, failing the test with `what`). */
export async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export interface LogLine {
  level: number;
  msg: string;
  [field: string]: unknown;
}

/** A debug-level logger whose lines the test can read. */
export function capturingLogger(): { logger: Logger; lines: LogLine[]; messages(level: number): string[] } {
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as LogLine);
      done();
    },
  });
  const logger = pino({ level: 'debug' }, stream);
  return { logger, lines, messages: (level) => lines.filter((l) => l.level === level).map((l) => l.msg) };
}

export const WARN = 40;
export const ERROR = 50;
export const INFO = 30;

/** The tests' own log: numbered events, and a few with odd fields to show what recording keeps. */
export interface TestEvent {
  type: string;
  n?: number;
  createdAt?: unknown;
  _id?: unknown;
}
export const LOG = eventLog<TestEvent>('test_events');

/** A handler that remembers what it was handed, as `n` payloads in order. */
export function recorder(): { handled: number[]; handle(event: Recorded<TestEvent>): Promise<void> } {
  const handled: number[] = [];
  return {
    handled,
    handle: async (event) => {
      handled.push(Number(event.n));
    },
  };
}

/** Inserts an event as a producer whose insert committed late would: with an id from `ageSeconds` ago. */
export async function insertLate(db: Db, log: string, n: number, ageSeconds: number): Promise<void> {
  await db.collection(log).insertOne({
    // generate(): that second, with the usual random and counter bytes, like a real id made back then.
    _id: new ObjectId(ObjectId.generate(Math.floor(Date.now() / 1000) - ageSeconds)),
    type: 'late',
    n,
    createdAt: new Date(),
  });
}
