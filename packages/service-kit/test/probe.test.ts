import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { probe } from '../src';

let server: http.Server;
let baseUrl: string;
const seenHeaders: http.IncomingHttpHeaders[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    seenHeaders.push(req.headers);
    if (req.url === '/json') {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ status: 'ok' }));
    } else if (req.url === '/text') {
      res.statusCode = 503;
      res.end('not json');
    }
    // Anything else never answers.
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

test('answers with the status and the parsed JSON body, sending the given headers', async () => {
  expect(await probe(baseUrl, '/json', 5000, { 'x-devcircle-internal': 'secret' })).toEqual({
    status: 200,
    body: { status: 'ok' },
  });
  expect(seenHeaders.at(-1)?.['x-devcircle-internal']).toBe('secret');
});

test('a body that is not JSON leaves the body undefined but keeps the status', async () => {
  expect(await probe(baseUrl, '/text', 5000)).toEqual({ status: 503, body: undefined });
});

test('an instance that does not answer in time resolves with an error and no status', async () => {
  const result = await probe(baseUrl, '/silent', 100);
  expect(result).toEqual({ error: 'no answer within 100 ms' });
});

test('a refused connection resolves with the error code and no status', async () => {
  const closed = http.createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const port = (closed.address() as AddressInfo).port;
  await new Promise((resolve) => closed.close(resolve));
  expect(await probe(`http://127.0.0.1:${port}`, '/health', 5000)).toEqual({ error: 'ECONNREFUSED' });
});
