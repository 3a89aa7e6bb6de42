import os from 'node:os';
import http from 'node:http';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { startServer, type RunningServer } from '@devcircle/embedded-mongo';
import {
  callerOf,
  DATABASE_NOT_CONNECTED_MESSAGE,
  encodeIdentity,
  IDENTITY_HEADER,
  Joi,
  notFound,
  parseJsonBody,
  requireIdentity,
  startService,
  validate,
  validated,
  type RunningService,
} from '../src';

const SECRET = 'test-internal-secret';
let database: RunningServer;
let service: RunningService;

/** A tiny service using the kit the way real services do. */
async function startNotesService(databasePort: number): Promise<RunningService> {
  return startService(
    {
      name: 'posts',
      context: (deps) => ({ deps, notes: deps.db.collection('notes') }),
      setup: async ({ db }) => {
        await db.collection('notes').createIndex({ owner: 1 });
      },
      routes: (router, { notes }) => {
        router.post(
          '/notes',
          requireIdentity,
          validate({ body: Joi.object({ text: Joi.string().trim().min(1).max(20).required() }) }),
          async (ctx) => {
            const { text } = validated<{ text: string }>(ctx.state, 'body');
            const note = { owner: callerOf(ctx.state).id, text };
            await notes.insertOne({ ...note });
            ctx.status = 201;
            ctx.body = note;
          },
        );
        router.get(
          '/notes/:id',
          validate({ params: Joi.object({ id: Joi.string().hex().length(24).required() }) }),
          async () => {
            throw notFound('No such note');
          },
        );
        router.get('/count', async (ctx) => {
          ctx.body = { count: await notes.countDocuments() };
        });
        router.get('/many', (ctx) => {
          ctx.body = { items: Array.from({ length: 200 }, (_, i) => ({ id: i, text: `note number ${i}` })) };
        });
      },
    },
    {
      port: 0,
      env: {
        MONGODB_URI: `mongodb://127.0.0.1:${databasePort}/kit-test`,
        INTERNAL_SECRET: SECRET,
        JWT_SECRET: SECRET,
        LOG_LEVEL: process.env.KIT_LOG ?? 'silent',
      },
    },
  );
}

beforeAll(async () => {
  database = await startServer({ port: 0 });
  service = await startNotesService(database.port);
  await service.ready;
});
afterAll(async () => {
  await service.stop();
  await database.stop();
});

/** The environment of a second service started by one test, on the same database server. */
const kitEnv = (extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({
  MONGODB_URI: database.databaseUri('kit-test'),
  LOG_LEVEL: 'silent',
  INTERNAL_SECRET: SECRET,
  JWT_SECRET: SECRET,
  ...extra,
});

const alice = { id: 'u1', username: 'alice', email: 'alice@example.com' };
const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${service.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

test('/health and /ready answer', async () => {
  const health = await fetch(`${service.url}/health`);
  expect(health.status).toBe(200);
  expect(await health.json()).toMatchObject({ status: 'ok', service: 'posts' });
  const ready = await fetch(`${service.url}/ready`);
  expect(await ready.json()).toMatchObject({ status: 'ready', database: 'up' });
});

test('a signed identity is accepted; a missing or forged one is a 401', async () => {
  const signed = { [IDENTITY_HEADER]: encodeIdentity(alice, SECRET) };
  const ok = await post('/notes', { text: '  hello  ' }, signed);
  expect(ok.status).toBe(201);
  expect(await ok.json()).toEqual({ owner: 'u1', text: 'hello' });

  const missing = await post('/notes', { text: 'x' });
  expect(missing.status).toBe(401);
  expect(await missing.json()).toEqual({ message: 'Authentication required', code: 'UNAUTHORIZED' });

  const forged = { [IDENTITY_HEADER]: encodeIdentity(alice, 'someone-elses-secret') };
  expect((await post('/notes', { text: 'x' }, forged)).status).toBe(401);
});

test('validation: wrong types, unknown keys and bad params are 400s with field messages', async () => {
  const signed = { [IDENTITY_HEADER]: encodeIdentity(alice, SECRET) };
  const wrongType = await post('/notes', { text: { $gt: '' } }, signed);
  expect(wrongType.status).toBe(400);
  expect(await wrongType.json()).toEqual({
    message: 'text must be a string',
    code: 'VALIDATION_ERROR',
    errors: [{ field: 'text', message: 'text must be a string' }],
  });
  const unknown = await post('/notes', { text: 'ok', admin: true }, signed);
  expect(await unknown.json()).toMatchObject({
    message: 'admin is not allowed',
    errors: [{ field: 'admin' }],
  });
  const badParam = await fetch(`${service.url}/notes/not-an-id`);
  expect(badParam.status).toBe(400);
  const known = await fetch(`${service.url}/notes/${'a'.repeat(24)}`);
  expect(known.status).toBe(404);
  expect(await known.json()).toEqual({ message: 'No such note', code: 'NOT_FOUND' });
});

test('malformed JSON, oversized bodies and unknown routes get the error shape', async () => {
  const signed = { [IDENTITY_HEADER]: encodeIdentity(alice, SECRET) };
  const malformed = await post('/notes', '{"text": ', signed);
  expect(malformed.status).toBe(400);
  expect(await malformed.json()).toMatchObject({ code: 'BAD_REQUEST' });
  const huge = await post('/notes', { text: 'x'.repeat(200_000) }, signed);
  expect(huge.status).toBe(413);
  expect(await huge.json()).toEqual({ message: 'Request body is too large', code: 'PAYLOAD_TOO_LARGE' });
  const nowhere = await fetch(`${service.url}/nowhere`);
  expect(nowhere.status).toBe(404);
  expect(await nowhere.json()).toEqual({ message: 'Not found', code: 'NOT_FOUND' });
});

test('one reading of a body: compressed or non-UTF-8 bodies are 415 before anything reads them; a BOM is dropped', async () => {
  const signed = { [IDENTITY_HEADER]: encodeIdentity(alice, SECRET) };
  const before = (await (await fetch(`${service.url}/count`)).json()) as { count: number };
  const json = JSON.stringify({ text: 'zipped' });
  // A real gzip body, and plain bytes labelled gzip (which once gave 500): the same clear 415, nothing stored.
  for (const body of [gzipSync(json), Buffer.from(json)]) {
    const response = await post('/notes', body.toString('latin1'), { ...signed, 'content-encoding': 'gzip' });
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({
      message: 'Request bodies must not be compressed (no Content-Encoding)',
      code: 'UNSUPPORTED_MEDIA_TYPE',
    });
  }
  const utf16 = await fetch(`${service.url}/notes`, {
    method: 'POST',
    headers: { ...signed, 'content-type': 'application/json; charset=utf-16le' },
    body: Buffer.from(json, 'utf16le'),
  });
  expect(utf16.status).toBe(415);
  expect(await utf16.json()).toEqual({
    message: 'Request bodies must be UTF-8',
    code: 'UNSUPPORTED_MEDIA_TYPE',
  });
  expect(await (await fetch(`${service.url}/count`)).json()).toEqual(before);
  // What the gateway's parseJsonBody reads, the service reads alike: a leading byte-order mark is dropped.
  const bom = await post('/notes', `\uFEFF${JSON.stringify({ text: 'marked' })}`, signed);
  expect(bom.status).toBe(201);
  expect(parseJsonBody(Buffer.from(`\uFEFF${json}`), 'application/json; charset=UTF-8')).toEqual({
    text: 'zipped',
  });
});

test('/ready is 503 "starting" until the start-up work (indexes) is done, then 200', async () => {
  let finishSetup: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (finishSetup = resolve));
  const slow = await startService(
    { name: 'users', context: (deps) => ({ deps }), setup: () => held, routes: () => undefined },
    { port: 0, env: kitEnv() },
  );
  try {
    const starting = await fetch(`${slow.url}/ready`);
    expect(starting.status).toBe(503);
    expect(await starting.json()).toEqual({ status: 'starting', service: 'users', database: 'up' });
    finishSetup();
    await slow.ready;
    expect((await fetch(`${slow.url}/ready`)).status).toBe(200);
  } finally {
    await slow.stop();
  }
});

test('a service listens on the loopback interface only, unless SERVICE_HOST says otherwise', async () => {
  expect(service.host).toBe('127.0.0.1');
  // Any other address of this machine is refused (the internal routes are not reachable from the network).
  const outward = Object.values(os.networkInterfaces())
    .flat()
    .find((entry) => entry && entry.family === 'IPv4' && !entry.internal);
  if (outward) {
    await expect(fetch(`http://${outward.address}:${service.port}/health`)).rejects.toThrow();
  }
  const open = await startService(
    { name: 'users', context: (deps) => ({ deps }), routes: () => undefined },
    { port: 0, env: kitEnv({ SERVICE_HOST: '0.0.0.0' }) },
  );
  try {
    expect(open.host).toBe('0.0.0.0');
    expect((await fetch(`${open.url}/health`)).status).toBe(200);
  } finally {
    await open.stop();
  }
});

test('database down: 503 DATABASE_NOT_CONNECTED within about a second; back: recovers without a restart', async () => {
  const port = database.port;
  await database.stop();
  const started = Date.now();
  const down = await fetch(`${service.url}/count`);
  const elapsed = Date.now() - started;
  expect(down.status).toBe(503);
  expect(await down.json()).toEqual({
    message: DATABASE_NOT_CONNECTED_MESSAGE,
    code: 'DATABASE_NOT_CONNECTED',
  });
  expect(elapsed).toBeLessThan(5000); // generous bound: the figure itself is measured in bench, not here
  expect((await fetch(`${service.url}/ready`)).status).toBe(503);

  database = await startServer({ port });
  let recovered = 0;
  for (let attempt = 0; attempt < 50 && recovered !== 200; attempt++) {
    recovered = (await fetch(`${service.url}/count`)).status;
    if (recovered !== 200) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  expect(recovered).toBe(200);
  expect((await fetch(`${service.url}/ready`)).status).toBe(200);
});

test('a service started before its database answers 503 until the database comes up, then works', async () => {
  const probe = await startServer({ port: 0 });
  const port = probe.port;
  await probe.stop();
  const early = await startNotesService(port);
  try {
    const down = await fetch(`${early.url}/count`);
    expect(down.status).toBe(503);
    expect(await down.json()).toMatchObject({ code: 'DATABASE_NOT_CONNECTED' });
    const late = await startServer({ port });
    try {
      let status = 0;
      for (let attempt = 0; attempt < 50 && status !== 200; attempt++) {
        status = (await fetch(`${early.url}/count`)).status;
        if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(status).toBe(200);
      await early.ready; // the start-up task (indexes) ran once the database was there
    } finally {
      await late.stop();
    }
  } finally {
    await early.stop();
  }
});

test("the definition's context is built once per start and is what the routes, consumers and attach get", async () => {
  const built: object[] = [];
  const received: object[] = [];
  const started = await startService(
    {
      name: 'posts',
      context: (deps) => {
        const context = { deps };
        built.push(context);
        return context;
      },
      routes: (_router, context) => void received.push(context),
      consumers: (context) => {
        received.push(context);
        return [];
      },
      attach: (_server, context) => {
        received.push(context);
        return { close: async () => undefined };
      },
    },
    { port: 0, env: kitEnv() },
  );
  try {
    expect(built).toHaveLength(1);
    expect(received).toHaveLength(3);
    expect(received.every((context) => context === built[0])).toBe(true);
    expect(started.context).toBe(built[0]);
  } finally {
    await started.stop();
  }
});

test('a context that throws (a bad setting) stops the start with its message', async () => {
  const start = startService(
    {
      name: 'posts',
      context: () => {
        throw new Error('SOME_SETTING must be a number');
      },
      routes: () => undefined,
    },
    { port: 0, env: kitEnv() },
  );
  await expect(start).rejects.toThrow('SOME_SETTING must be a number');
});

/** A GET with exactly the Accept-Encoding given (fetch would add its own and decode the answer). */
function getRaw(path: string, acceptEncoding?: string) {
  return new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const headers = acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding };
    http
      .get(`${service.url}${path}`, { headers, agent: false }, (response) => {
        const parts: Buffer[] = [];
        response.on('data', (chunk: Buffer) => parts.push(chunk));
        response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(parts) }));
      })
      .on('error', reject);
  });
}

describe('answers compressed on the fly', () => {
  const expected = { items: Array.from({ length: 200 }, (_, i) => ({ id: i, text: `note number ${i}` })) };

  it('JSON above 1 KB goes as brotli when taken, else gzip, else as it is; always with Vary', async () => {
    const br = await getRaw('/many', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(JSON.parse(brotliDecompressSync(br.body).toString('utf8'))).toEqual(expected);
    expect(br.body.length).toBeLessThan(JSON.stringify(expected).length / 4);

    const gzip = await getRaw('/many', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.body).toString('utf8'))).toEqual(expected);

    const plain = await getRaw('/many');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/Accept-Encoding/i);
    expect(JSON.parse(plain.body.toString('utf8'))).toEqual(expected);
  });

  it('a small answer is sent as it is', async () => {
    const small = await getRaw('/count', 'br, gzip');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString('utf8'))).toEqual({ count: expect.any(Number) });
  });
});
