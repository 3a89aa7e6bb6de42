import http, { type IncomingMessage } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { createLogger } from '@devcircle/service-kit';
import { createPools, startHealthChecks } from '../src/upstreams';
import { eventually } from './helpers';

const quiet = createLogger('health-checker-test', 'silent', { write: () => undefined });

let server: http.Server;
let url: string;
const held: IncomingMessage[] = [];
const open = new Set<Socket>();

beforeAll(async () => {
  // An instance whose /health never answers: a check stays in flight until the checker gives it up.
  server = http.createServer((req) => void held.push(req));
  server.on('connection', (socket: Socket) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

test('stop() cancels a check in flight: its connection closes without waiting for an answer or the timeout', async () => {
  const pools = createPools({ auth: [url], posts: [url], users: [url], notifications: [url] }, 1000);
  // A check's own timeout (60 s) far past how long the test waits (about 10 s): only the abort closes them in time.
  const checks = startHealthChecks(pools, 10, 60_000, quiet);
  await eventually(() => held.length >= 4);
  expect(open.size).toBeGreaterThanOrEqual(4);
  checks.stop();
  await eventually(() => open.size === 0);
  expect(held.every((req) => req.url === '/health')).toBe(true);
  // No instance was marked down by the cancelled checks.
  expect(
    Object.values(pools).every((pool) => pool.instances.every((instance) => instance.state === 'up')),
  ).toBe(true);
});
