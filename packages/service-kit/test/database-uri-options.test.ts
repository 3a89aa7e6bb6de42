import { startServer, type RunningServer } from '@devcircle/embedded-mongo';
import { openDatabase, type Database } from '../src';

let server: RunningServer;
const opened: Database[] = [];

beforeAll(async () => {
  server = await startServer({ port: 0 });
});
afterEach(async () => {
  await Promise.all(opened.splice(0).map((database) => database.close()));
});
afterAll(() => server.stop());

/** Opens through the real driver and waits until the embedded server answers, so the URI is one that works. */
async function open(query: string, options: Parameters<typeof openDatabase>[1] = {}): Promise<Database> {
  const database = openDatabase(`mongodb://127.0.0.1:${server.port}/uri-options${query}`, options);
  opened.push(database);
  await database.connected;
  expect(await database.ping()).toBe(true);
  return database;
}

test('without options in the URI, the short timeouts, the driver’s 10 s heartbeat and a pool of 50 apply', async () => {
  const { client } = await open('');
  expect(client.options).toMatchObject({
    serverSelectionTimeoutMS: 700,
    connectTimeoutMS: 700,
    heartbeatFrequencyMS: 10_000,
    maxPoolSize: 50,
  });
});

test('options written in MONGODB_URI win over the defaults', async () => {
  const { client } = await open(
    '?serverSelectionTimeoutMS=5000&connectTimeoutMS=4000&heartbeatFrequencyMS=2000&maxPoolSize=7',
  );
  expect(client.options).toMatchObject({
    serverSelectionTimeoutMS: 5000,
    connectTimeoutMS: 4000,
    heartbeatFrequencyMS: 2000,
    maxPoolSize: 7,
  });
});

test('URI option names are matched in any case, as the driver reads them', async () => {
  const { client } = await open('?serverselectiontimeoutms=3000&MAXPOOLSIZE=3');
  expect(client.options).toMatchObject({
    serverSelectionTimeoutMS: 3000,
    maxPoolSize: 3,
    connectTimeoutMS: 700,
  });
});

test("a caller's pool size replaces the default, and the URI's replaces both", async () => {
  expect((await open('', { maxPoolSize: 20 })).client.options.maxPoolSize).toBe(20);
  expect((await open('?maxPoolSize=4', { maxPoolSize: 20 })).client.options.maxPoolSize).toBe(4);
});

test('a URI that lists several hosts has its options read too', async () => {
  const database = openDatabase(
    `mongodb://127.0.0.1:${server.port},localhost:${server.port}/uri-options?maxPoolSize=5`,
  );
  opened.push(database);
  expect(database.client.options.maxPoolSize).toBe(5);
  expect(database.client.options.hosts.map(String)).toHaveLength(2);
});
