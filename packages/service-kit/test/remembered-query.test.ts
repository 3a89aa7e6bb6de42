import type { AddressInfo } from 'node:net';
import http from 'node:http';
import Koa from 'koa';
import { errorHandler, Joi, rememberedQuery, validated } from '../src';

interface Query {
  limit: number;
  tag?: string;
}

/** How often Joi ran the schema: a remembered query string must not run it again. */
let checks = 0;
const schema = Joi.object({
  limit: Joi.number().integer().min(1).max(50).default(20),
  tag: Joi.string().max(10),
}).custom((value: Query) => {
  checks++;
  return value;
});

let server: http.Server;
let base: string;

beforeAll(async () => {
  const app = new Koa();
  app.use(errorHandler);
  app.use(rememberedQuery(schema, 2));
  app.use((ctx) => {
    const query = validated<Query>(ctx.state, 'query');
    ctx.body = { ...query };
    // A handler that changes what it was given must not change what the next request gets.
    query.limit = -1;
  });
  server = http.createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  checks = 0;
});

async function ask(query: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const reply = await fetch(base + query, { headers: { connection: 'close' } });
  return { status: reply.status, body: (await reply.json()) as Record<string, unknown> };
}

test('a query string asked again gets the same clean value without running the schema again', async () => {
  const first = await ask('?limit=5&tag=ts');
  const again = await ask('?limit=5&tag=ts');
  expect(first).toEqual({ status: 200, body: { limit: 5, tag: 'ts' } });
  expect(again).toEqual(first);
  expect(checks).toBe(1);
  expect(await ask('')).toEqual({ status: 200, body: { limit: 20 } });
  expect(await ask('')).toEqual({ status: 200, body: { limit: 20 } });
  expect(checks).toBe(2);
});

test('an invalid query string is a 400 every time and is checked every time', async () => {
  for (let round = 0; round < 2; round++) {
    const refused = await ask('?limit=51');
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('VALIDATION_ERROR');
    expect(refused.body.errors).toEqual([
      { field: 'limit', message: 'limit must be less than or equal to 50' },
    ]);
  }
  const unknownKey = await ask('?sort=old');
  expect(unknownKey.status).toBe(400);
  expect(unknownKey.body.message).toBe('sort is not allowed');
});

test('past its capacity the oldest query string is forgotten and checked again', async () => {
  await ask('?limit=1');
  await ask('?limit=2');
  await ask('?limit=3');
  expect(checks).toBe(3);
  await ask('?limit=3');
  await ask('?limit=2');
  expect(checks).toBe(3);
  expect(await ask('?limit=1')).toEqual({ status: 200, body: { limit: 1 } });
  expect(checks).toBe(4);
});
