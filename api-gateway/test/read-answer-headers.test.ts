import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger } from '@devcircle/service-kit';
import { createProxy, type Proxy } from '../src/proxy';
import { createPools, type Pools } from '../src/upstreams';
import { startUpstream, type Upstream } from './helpers';

/**
 * A read's answer over undici (the client for GET and HEAD): the service's headers reach the client less the
 * gateway's own (`x-devcircle-revoked`, handed to onRevoked) and the hop-by-hop ones of the gateway-to-service
 * connection; everything else, repeated headers included, as the service sent it.
 */
let service: Upstream;
let proxy: Proxy;
let gateway: http.Server;
let url: string;
const revoked: string[] = [];

beforeAll(async () => {
  service = await startUpstream('posts', (_req, res) => {
    res.setHeader('x-devcircle-revoked', ['u-1:3', 'u-2:1']);
    res.setHeader('keep-alive', 'timeout=7');
    res.setHeader('set-cookie', ['a=1', 'b=2']);
    res.setHeader('x-from-service', 'yes');
    res.setHeader('content-type', 'text/plain');
    res.end('hello');
  });
  const logger = createLogger('gateway', 'silent', { write: () => undefined });
  proxy = createProxy({
    connectTimeoutMs: 1000,
    maxBodyBytes: 1024,
    logger,
    onRevoked: (value) => revoked.push(value),
  });
  const upstreams = {
    auth: [service.url],
    users: [service.url],
    notifications: [service.url],
    posts: [service.url],
  };
  const pools: Pools = createPools(upstreams, 1000);
  gateway = http.createServer((req, res) => {
    res.setHeader('x-from-gateway', 'set before the answer');
    void proxy.forward({ req, res, state: {} }, { pool: pools.posts, timeoutMs: 5000 });
  });
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`;
});
afterAll(async () => {
  gateway.closeAllConnections();
  await new Promise((resolve) => gateway.close(resolve));
  proxy.close();
  await service.stop();
});

test("a read's answer keeps the service's headers, less the gateway's own and the hop-by-hop ones", async () => {
  const response = await fetch(`${url}/api/posts`);
  expect(response.status).toBe(200);
  expect(await response.text()).toBe('hello');
  expect(response.headers.get('x-devcircle-revoked')).toBeNull();
  expect(response.headers.get('keep-alive')).not.toBe('timeout=7'); // the gateway's own, not the service's
  expect(response.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
  expect(response.headers.get('x-from-service')).toBe('yes');
  expect(response.headers.get('x-from-gateway')).toBe('set before the answer');
  expect(response.headers.get('content-length')).toBe('5');
  expect(revoked).toEqual(['u-1:3', 'u-2:1']);
});

test('a HEAD read answers with the same headers and no body', async () => {
  revoked.length = 0;
  const response = await fetch(`${url}/api/posts`, { method: 'HEAD' });
  expect(response.status).toBe(200);
  expect(await response.text()).toBe('');
  expect(response.headers.get('x-devcircle-revoked')).toBeNull();
  expect(response.headers.get('x-from-service')).toBe('yes');
  expect(revoked).toEqual(['u-1:3', 'u-2:1']);
});

test('the service gets the client headers less the hop-by-hop ones undici frames itself', async () => {
  const before = service.seen.length;
  await (await fetch(`${url}/api/posts`, { headers: { 'x-client': 'c', trailer: 'x-later' } })).text();
  const seen = service.seen[before];
  expect(seen.headers['x-client']).toBe('c');
  expect(seen.headers.trailer).toBeUndefined();
  expect(seen.headers.connection).toBe('keep-alive');
});
