import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createLogger, probe } from '@devcircle/service-kit';
import { createPools, startHealthChecks, type Pools } from '../src/upstreams';
import { alice, bearer, eventually, sign, startTestGateway } from './helpers';

// A fixed self-signed certificate (see fixtures/README.md). The tests hand it to the probe as the CA to trust,
// as an operator's internal CA would be: verification stays on, nothing is trusted blindly.
const fixture = (name: string): string => fs.readFileSync(path.join(__dirname, 'fixtures', name), 'utf8');
const cert = fixture('upstream-tls.crt');
const key = fixture('upstream-tls.key');
const quiet = createLogger('upstreams-https-test', 'silent');

let server: https.Server;
let url: string;

beforeAll(async () => {
  server = https.createServer({ cert, key }, (req, res) => {
    res.setHeader('content-type', 'application/json');
    if (req.url?.startsWith('/api/')) {
      res.end(
        JSON.stringify({ upstream: 'tls', url: req.url, identity: req.headers['x-devcircle-identity'] }),
      );
      return;
    }
    const known = req.url === '/health' || req.url === '/ready';
    res.statusCode = known ? 200 : 404;
    res.end(JSON.stringify({ status: known ? 'ok' : 'not found' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** Every service's pool holds the one https instance. */
const httpsPools = (): Pools =>
  createPools({ auth: [url], posts: [url], users: [url], notifications: [url] }, 60_000);
const everyInstance = (pools: Pools) => Object.values(pools).map((pool) => pool.instances[0]);

test('the probe speaks TLS to an https instance whose CA it trusts', async () => {
  expect(await probe(url, '/health', 5000, {}, { ca: cert })).toEqual({
    status: 200,
    body: { status: 'ok' },
  });
});

test('an https instance whose certificate is not trusted is a failed probe, not a throw', async () => {
  expect(await probe(url, '/health', 5000)).toEqual({ error: 'DEPTH_ZERO_SELF_SIGNED_CERT' });
});

test('the health checks bring a failed https instance back into the rotation', async () => {
  const pools = httpsPools();
  for (const pool of Object.values(pools))
    pool.markFailed(pool.instances[0], 'unreachable', 'down for the test');
  const checks = startHealthChecks(pools, 20, 2000, quiet, { ca: cert });
  try {
    await eventually(() => everyInstance(pools).every((instance) => instance.state === 'up'));
  } finally {
    checks.stop();
  }
});

test('the health checks take an https instance with an untrusted certificate out, with the reason', async () => {
  const pools = httpsPools();
  const checks = startHealthChecks(pools, 20, 2000, quiet);
  try {
    await eventually(() => everyInstance(pools).every((instance) => instance.state === 'unreachable'));
    expect(pools.posts.instances[0].lastError).toBe('DEPTH_ZERO_SELF_SIGNED_CERT');
  } finally {
    checks.stop();
  }
});

describe('a gateway whose services are https instances (UPSTREAM_CA_FILE names their CA)', () => {
  const everyService = () => ({ AUTH_URLS: url, POSTS_URLS: url, USERS_URLS: url, NOTIFICATIONS_URLS: url });

  test('proxies requests over TLS, identity header included, and reports the instances ready', async () => {
    const gateway = await startTestGateway({
      ...everyService(),
      UPSTREAM_CA_FILE: path.join(__dirname, 'fixtures', 'upstream-tls.crt'),
    });
    try {
      const response = await fetch(`${gateway.url}/api/posts?page=1`, { headers: bearer(sign(alice)) });
      expect(response.status).toBe(200);
      const body = (await response.json()) as { upstream: string; url: string; identity?: string };
      expect(body).toMatchObject({ upstream: 'tls', url: '/api/posts?page=1' });
      expect(body.identity).toEqual(expect.any(String));
      const status = await fetch(`${gateway.url}/status`);
      expect(status.status).toBe(200);
    } finally {
      await gateway.stop();
    }
  });

  test('without the CA the certificate is refused: 502, never an unverified connection', async () => {
    const gateway = await startTestGateway(everyService());
    try {
      const response = await fetch(`${gateway.url}/api/posts`, { headers: bearer(sign(alice)) });
      expect(response.status).toBe(502);
      expect(await response.json()).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE' });
    } finally {
      await gateway.stop();
    }
  });
});
