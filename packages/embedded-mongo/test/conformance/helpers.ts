import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import {
  Long,
  type ChangeStream,
  MongoClient,
  MongoServerError,
  type Collection,
  type CommandStartedEvent,
  type Db,
  type Document,
} from 'mongodb';
import { openTestDatabase, type TestDatabase } from '../support/harness';

/**
 * Opens one database for the test file (embedded server, or MONGODB_URI) and closes it afterwards.
 * Call at the top level of a test file; the returned function is valid inside tests.
 */
export function useTestDatabase(): () => TestDatabase {
  let t: TestDatabase | undefined;
  beforeAll(async () => {
    t = await openTestDatabase();
  });
  afterAll(async () => {
    await t?.close();
  });
  return () => {
    if (!t) throw new Error('the test database is not open yet');
    return t;
  };
}

/**
 * The schema of test collections. The driver's types would make `_id` an ObjectId and restrict each update
 * operator to fields of matching types, but conformance tests store every shape of document on purpose.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type TestDoc = any;

/** A collection no other test uses, so tests stay independent without dropping anything in between. */
export function freshCollection(db: Db, prefix = 'c'): Collection<TestDoc> {
  return db.collection<TestDoc>(`${prefix}_${randomBytes(4).toString('hex')}`);
}

/** The URI the test database's client connected to. */
export function serverUri(t: TestDatabase): string {
  const uri = process.env.MONGODB_URI ?? t.server?.uri;
  if (!uri) throw new Error('no server URI');
  return uri;
}

export interface MonitoredClient {
  client: MongoClient;
  db: Db;
  /** Every command the client sent, in order. */
  commands: CommandStartedEvent[];
  /** How many commands of one name were sent since the last `reset()`. */
  count(name: string): number;
  reset(): void;
  close(): Promise<void>;
}

/** A second client on the same database that records the commands it sends (to count getMores, killCursors…). */
export async function monitoredClient(t: TestDatabase): Promise<MonitoredClient> {
  const client = new MongoClient(serverUri(t), { monitorCommands: true, serverSelectionTimeoutMS: 5000 });
  const commands: CommandStartedEvent[] = [];
  client.on('commandStarted', (event) => commands.push(event));
  await client.connect();
  return {
    client,
    db: client.db(t.db.databaseName),
    commands,
    count: (name) => commands.filter((c) => c.commandName === name).length,
    reset: () => {
      commands.length = 0;
    },
    close: () => client.close(),
  };
}

/** Awaits a promise that must reject with a server error of this code, and returns the error for more checks. */
export async function expectServerError(
  promise: Promise<unknown>,
  code: number,
  codeName?: string,
): Promise<MongoServerError> {
  let caught: unknown;
  try {
    await promise;
  } catch (err) {
    caught = err;
  }
  if (caught === undefined)
    throw new Error(`expected a server error with code ${code}, but the operation succeeded`);
  expect(caught).toBeInstanceOf(MongoServerError);
  const error = caught as MongoServerError;
  expect({ code: error.code, message: error.message }).toEqual({ code, message: expect.any(String) });
  if (codeName !== undefined) expect(error.codeName).toBe(codeName);
  return error;
}

/** Awaits a promise that must reject with any error, and returns it. */
export async function expectRejection(promise: Promise<unknown>): Promise<Error> {
  let caught: unknown;
  try {
    await promise;
  } catch (err) {
    caught = err;
  }
  if (!(caught instanceof Error)) throw new Error('expected the operation to fail, but it succeeded');
  return caught;
}

/** Sorts documents by a key (for assertions on results whose order MongoDB does not define). */
export function byKey<T extends Document>(docs: T[], key = '_id'): T[] {
  return [...docs].sort((a, b) => {
    const x = a[key] as number | string;
    const y = b[key] as number | string;
    return x < y ? -1 : x > y ? 1 : 0;
  });
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Cursor ids must go back to the server as int64, but the driver turns an id that fits in a double into a number
 * (real MongoDB's random ids rarely do; small ones always do).
 */
export function asLong(id: unknown): Long {
  return typeof id === 'number' ? Long.fromNumber(id) : (id as Long);
}

export type RunCommand = (command: Document) => Promise<Document>;

/**
 * Runs raw commands in one explicit session. mongod lets a cursor be continued or killed only from the session
 * that opened it, and each bare `db.command` may run in a different implicit session.
 */
export async function withSession<T>(t: TestDatabase, fn: (run: RunCommand) => Promise<T>): Promise<T> {
  const session = t.client.startSession();
  try {
    return await fn((command) => t.db.command(command, { session }));
  } finally {
    await session.endSession();
  }
}

/** A change event, of any of its shapes. */
export type Event = TestDoc;

/**
 * A stream whose cursor the server already has (so every later write is after its start), with its first read
 * already waiting: the server answers that getMore when a change commits. The long maxAwaitTimeMS shows that
 * nothing polls — a server that only looked every so often would make these tests time out.
 */
export interface Events {
  stream: ChangeStream<TestDoc>;
  next(): Promise<Event>;
  close(): Promise<void>;
}

export async function watch(
  target: { watch: (pipeline?: Document[], options?: Document) => ChangeStream<TestDoc> },
  pipeline: Document[] = [],
  options: Document = {},
): Promise<Events> {
  const stream = target.watch(pipeline, { maxAwaitTimeMS: 60_000, ...options });
  // The first batch's postBatchResumeToken arrives with the aggregate's reply: the server has the cursor.
  const started = once(stream, 'resumeTokenChanged');
  let first: Promise<Event> | undefined = stream.next() as Promise<Event>;
  first.catch(() => undefined); // a test that closes the stream early does not read it
  await started;
  return {
    stream,
    next: () => {
      const read = first ?? (stream.next() as Promise<Event>);
      first = undefined;
      return read;
    },
    close: () => stream.close(),
  };
}
