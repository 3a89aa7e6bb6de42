import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createLogger,
  createProcessMetrics,
  RevocationList,
  type LogDestination,
} from '@devcircle/service-kit';
import { startGateway, type RunningGateway } from '../src';
import { AcceptedTokens } from '../src/auth';
import { loadConfig } from '../src/config';
import { fastReads } from '../src/fast-reads';
import { createProxy, type Proxy } from '../src/proxy';
import { createPools } from '../src/upstreams';
import {
  alice,
  bearer,
  deadUrl,
  gatewayEnv,
  rawRequest,
  sign,
  startUpstream,
  type Upstream,
} from './helpers';

/** A log destination that keeps every JSON line, parsed. */
type Line = Record<string, unknown>;
const lines: Line[] = [];
const destination: LogDestination = { write: (text: string) => void lines.push(JSON.parse(text) as Line) };

let posts: Upstream;
let others: Upstream;
let gateway: RunningGateway;

beforeAll(async () => {
  posts = await startUpstream('posts');
  others = await startUpstream('others');
  const down = await deadUrl();
  const env = gatewayEnv({
    AUTH_URLS: others.url,
    POSTS_URLS: posts.url,
    USERS_URLS: down.url,
    NOTIFICATIONS_URLS: others.url,
    LOG_LEVEL: 'info',
    METRICS_PORT: '0',
  });
  gateway = await startGateway({ port: 0, env, logDestination: destination });
});
afterAll(async () => {
  await gateway.stop();
  await Promise.all([posts.stop(), others.stop()]);
});

/** Headers that differ between any two answers (the date, the request's id). */
const PER_REQUEST = new Set(['date', 'x-request-id', 'traceparent']);
const stable = (headers: Iterable<[string, string]>): Record<string, string> =>
  Object.fromEntries([...headers].filter(([name]) => !PER_REQUEST.has(name)));

/** The request line the gateway logged for a request id, less what differs per request. */
function requestLine(requestId: string): Line {
  const line = lines.find((entry) => entry.requestId === requestId && entry.msg === 'request');
  if (!line) throw new Error(`no request line for ${requestId}`);
  const { time: _time, ms: _ms, requestId: _id, traceId, ...rest } = line;
  expect(traceId).toMatch(/^[0-9a-f]{32}$/);
  return rest;
}

/**
 * The same read twice with a token the gateway has not seen: the first takes the Koa app (which accepts the
 * token), the second the fast path. What the client, the service, the log and the metrics get must not differ.
 */
async function twice(method: string, path: string): Promise<Array<{ response: Response; body: string }>> {
  const token = sign({ ...alice, userId: `u-${Math.random().toString(36).slice(2)}` });
  const answers = [];
  for (let k = 0; k < 2; k++) {
    const response = await fetch(`${gateway.url}${path}`, { method, headers: bearer(token) });
    answers.push({ response, body: await response.text() });
  }
  return answers;
}

test('a repeated read answers, forwards and logs as the first one through the Koa app did', async () => {
  const before = posts.seen.length;
  const [first, second] = await twice('GET', '/api/posts?limit=10');
  expect(second.response.status).toBe(200);
  expect(stable(second.response.headers)).toEqual(stable(first.response.headers));
  expect(second.response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  expect(second.response.headers.get('content-security-policy')).toContain("default-src 'self'");

  const [seenFirst, seenSecond] = posts.seen.slice(before);
  expect(stable(Object.entries(seenSecond.headers) as Array<[string, string]>)).toEqual(
    stable(Object.entries(seenFirst.headers) as Array<[string, string]>),
  );
  expect(seenSecond.headers['x-devcircle-identity']).toBeDefined();
  expect(seenSecond.headers['x-request-id']).toBe(second.response.headers.get('x-request-id'));
  expect(seenSecond.headers.traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
  expect(seenSecond.url).toBe('/api/posts?limit=10');

  const ids = [first, second].map(({ response }) => response.headers.get('x-request-id') as string);
  expect(requestLine(ids[1])).toEqual(requestLine(ids[0]));
  expect(requestLine(ids[1])).toMatchObject({ method: 'GET', path: '/api/posts', status: 200 });
});

test('a HEAD read and a read whose service is down give the same answers both ways', async () => {
  const [headFirst, headSecond] = await twice('HEAD', '/api/posts/p1');
  expect(headSecond.response.status).toBe(200);
  expect(stable(headSecond.response.headers)).toEqual(stable(headFirst.response.headers));

  const [downFirst, downSecond] = await twice('GET', '/api/users/u1');
  expect(downFirst.response.status).toBe(502);
  expect(downSecond.response.status).toBe(502);
  expect(JSON.parse(downSecond.body)).toEqual(JSON.parse(downFirst.body));
  expect(JSON.parse(downSecond.body)).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE' });
  expect(stable(downSecond.response.headers)).toEqual(stable(downFirst.response.headers));
  const ids = [downFirst, downSecond].map(({ response }) => response.headers.get('x-request-id') as string);
  expect(requestLine(ids[1])).toEqual(requestLine(ids[0]));
  expect(requestLine(ids[1])).toMatchObject({ status: 502, level: 50 });
});

test('reads on both paths count in the latency histogram under the route label', async () => {
  const count = async (): Promise<number> => {
    const text = await (await fetch(`${gateway.metrics?.url}/metrics`)).text();
    const series = text
      .split('\n')
      .find(
        (line) => line.startsWith('http_request_duration_seconds_count{') && line.includes('"proxy:auth"'),
      );
    return series ? Number(series.split(' ').pop()) : 0;
  };
  const before = await count();
  await twice('GET', '/api/auth/me');
  expect(await count()).toBe(before + 2);
});

describe('which requests take the fast path', () => {
  let server: http.Server;
  let url: string;
  let proxy: Proxy;
  const taken: boolean[] = [];
  const accepted = new AcceptedTokens();
  const revocations = new RevocationList();
  const token = sign(alice);

  beforeAll(async () => {
    const config = loadConfig(
      gatewayEnv({
        AUTH_URLS: others.url,
        POSTS_URLS: posts.url,
        USERS_URLS: others.url,
        NOTIFICATIONS_URLS: others.url,
      }),
    );
    const logger = createLogger('gateway', 'silent', { write: () => undefined });
    proxy = createProxy({
      connectTimeoutMs: config.connectTimeoutMs,
      maxBodyBytes: config.maxBodyBytes,
      logger,
      onRevoked: () => undefined,
    });
    const read = fastReads({
      config,
      logger,
      pools: createPools(config.upstreams, config.failureCooldownMs),
      proxy,
      revocations,
      acceptedTokens: accepted,
      metrics: createProcessMetrics('gateway'),
    });
    accepted.set(`Bearer ${token}`, {
      identity: { id: alice.userId, username: alice.username, email: alice.email },
      tokenVersion: 0,
      expiresAtMs: Date.now() + 60_000,
      identityHeader: 'signed-identity',
    });
    // What the fast path declines goes to the Koa app in the gateway; here it gets a 418, to tell them apart.
    server = http.createServer((req: IncomingMessage, res: ServerResponse) => {
      const fast = read(req, res);
      taken.push(fast);
      if (!fast) res.writeHead(418).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    proxy.close();
  });

  const tries = async (path: string, init: RequestInit = {}): Promise<boolean> => {
    const response = await fetch(`${url}${path}`, init);
    await response.arrayBuffer();
    return taken[taken.length - 1];
  };
  const withToken = (headers: Record<string, string> = {}): RequestInit => ({
    headers: { ...bearer(token), ...headers },
  });

  test('a proxied GET or HEAD without a body, with an accepted and current token', async () => {
    expect(await tries('/api/posts?limit=10', withToken())).toBe(true);
    expect(await tries('/api/users/u1', { ...withToken(), method: 'HEAD' })).toBe(true);
    expect(posts.seen[posts.seen.length - 1].headers['x-devcircle-identity']).toBe('signed-identity');
  });

  test('not: another method, a body or body headers, an Origin, or an odd path', async () => {
    expect(await tries('/api/posts', { ...withToken(), method: 'POST', body: '{}' })).toBe(false);
    expect(await tries('/api/posts', { ...withToken(), method: 'DELETE' })).toBe(false);
    expect(await tries('/api/posts', withToken({ 'content-type': 'application/json' }))).toBe(false);
    expect(await tries('/api/posts', withToken({ 'content-encoding': 'gzip' }))).toBe(false);
    expect(await tries('/api/posts', withToken({ origin: 'https://elsewhere.example' }))).toBe(false);
    expect(await tries('/api/posts/%C3%A9t%C3%A9', withToken())).toBe(true);
    // A fragment, whose path Koa's URL parsing reads otherwise (fetch drops it; node:http sends it as it is).
    const before = taken.length;
    await rawRequest(url, { path: '/api/posts/p1#part', headers: bearer(token) });
    expect(taken.slice(before)).toEqual([false]);
  });

  test('not: a local, socket, unknown or internal route', async () => {
    expect(await tries('/health', withToken())).toBe(false);
    expect(await tries('/socket.io/?EIO=4&transport=polling', withToken())).toBe(false);
    expect(await tries('/api/nowhere', withToken())).toBe(false);
    expect(await tries('/internal/revocations', withToken())).toBe(false);
  });

  test('not: no token, a token not yet accepted, or one whose version was revoked since', async () => {
    expect(await tries('/api/posts')).toBe(false);
    expect(await tries('/api/posts', { headers: bearer(sign({ ...alice, userId: 'u-new' })) })).toBe(false);
    revocations.apply(alice.userId, 1);
    expect(await tries('/api/posts', withToken())).toBe(false);
  });
});
