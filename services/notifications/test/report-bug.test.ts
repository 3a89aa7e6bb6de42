import { startServer, type RunningServer } from '@devcircle/embedded-mongo';
import {
  LOGS,
  encodeIdentity,
  IDENTITY_HEADER,
  recordEvent,
  startService,
  type RunningService,
} from '@devcircle/service-kit';
import { MongoClient, ObjectId } from 'mongodb';
import { definition } from '../src';

const SECRET = 'notifications-test-secret';
let database: RunningServer;
let service: RunningService;
let client: MongoClient;

beforeAll(async () => {
  database = await startServer({ port: 0 });
  const uri = database.databaseUri('notifications-test');
  service = await startService(definition, {
    port: 0,
    env: { MONGODB_URI: uri, INTERNAL_SECRET: SECRET, LOG_LEVEL: 'silent' },
  });
  await service.ready;
  client = new MongoClient(uri);
});
afterAll(async () => {
  await client.close();
  await service.stop();
  await database.stop();
});

const reports = () => client.db().collection('bug_reports');

const report = (body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${service.url}/api/report-bug`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

test('a visitor’s report is stored, trimmed, with its user agent and no reporter', async () => {
  const response = await report(
    { bug: '  The feed jumps when I like a post.  ' },
    { 'user-agent': 'TestBrowser/1.0' },
  );
  expect(response.status).toBe(201);
  expect(await response.json()).toEqual({ message: 'Thank you for reporting the bug!' });
  const stored = await reports().findOne({ bug: 'The feed jumps when I like a post.' });
  expect(stored).toMatchObject({ userAgent: 'TestBrowser/1.0', reporter: null });
  expect(stored?.createdAt).toBeInstanceOf(Date);
});

test('a signed-in reporter is remembered; a very long user agent is cut', async () => {
  const identity = { id: '0123456789abcdef01234567', username: 'grace', email: 'grace@example.com' };
  const response = await report(
    { bug: 'Notifications never clear.' },
    { [IDENTITY_HEADER]: encodeIdentity(identity, SECRET), 'user-agent': 'U'.repeat(2000) },
  );
  expect(response.status).toBe(201);
  const stored = await reports().findOne({ bug: 'Notifications never clear.' });
  expect(stored?.reporter).toEqual({ id: identity.id, username: 'grace' });
  expect(stored?.userAgent).toHaveLength(512);
});

test('a forged identity counts as none', async () => {
  const forged = encodeIdentity({ id: 'x', username: 'mallory', email: 'm@example.com' }, 'not-the-secret');
  expect((await report({ bug: 'Forged reporter.' }, { [IDENTITY_HEADER]: forged })).status).toBe(201);
  expect((await reports().findOne({ bug: 'Forged reporter.' }))?.reporter).toBeNull();
});

test.each([
  [{}, 'Please describe the bug'],
  [{ bug: '' }, 'Please describe the bug'],
  [{ bug: '   \n ' }, 'Please describe the bug'],
  [{ bug: 42 }, 'The bug description must be text'],
  [{ bug: { $ne: null } }, 'The bug description must be text'],
  [{ bug: 'x'.repeat(5001) }, 'The bug description must be at most 5000 characters'],
  [{ bug: 'A real bug', severity: 'high' }, 'severity is not allowed'],
])('%j is a 400 that stores nothing: %s', async (body, message) => {
  const before = await reports().countDocuments();
  const response = await report(body);
  expect(response.status).toBe(400);
  expect(await response.json()).toMatchObject({ message, code: 'VALIDATION_ERROR' });
  expect(await reports().countDocuments()).toBe(before);
});

test('5000 characters after trimming are accepted', async () => {
  expect((await report({ bug: ` ${'b'.repeat(5000)} ` })).status).toBe(201);
});

test('/health and /ready: 503 once the database is stopped, and a report then is a 503', async () => {
  expect((await fetch(`${service.url}/health`)).status).toBe(200);
  expect((await fetch(`${service.url}/ready`)).status).toBe(200);
  const port = database.port;
  await database.stop();
  const ready = await fetch(`${service.url}/ready`);
  expect(ready.status).toBe(503);
  expect(await ready.json()).toEqual({ status: 'unavailable', service: 'notifications', database: 'down' });
  const response = await report({ bug: 'While the database is down.' });
  expect(response.status).toBe(503);
  expect(await response.json()).toMatchObject({ code: 'DATABASE_NOT_CONNECTED' });
  database = await startServer({ port });
});

test('an account deletion leaves the reports but removes who sent them', async () => {
  const identity = { id: new ObjectId().toHexString(), username: 'leaving', email: 'leaving@example.com' };
  const headers = { [IDENTITY_HEADER]: encodeIdentity(identity, SECRET) };
  expect((await report({ bug: 'Report by someone who leaves' }, headers)).status).toBe(201);
  expect(await reports().findOne({ bug: 'Report by someone who leaves' })).toMatchObject({
    reporter: { id: identity.id, username: 'leaving' },
  });

  // As the users service records it (docs/events.md): the user id as an ObjectId.
  await recordEvent(client.db(), LOGS.users, {
    type: 'account.deleted',
    userId: new ObjectId(identity.id),
  });
  for (const consumer of service.consumers) await consumer.drain();

  const after = await reports().findOne({ bug: 'Report by someone who leaves' });
  expect(after).toMatchObject({ bug: 'Report by someone who leaves', reporter: null });
  expect(await reports().countDocuments({ 'reporter.id': identity.id })).toBe(0);
});
