import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ObjectId } from 'mongodb';
import { startServer, type RunningServer } from '@devcircle/embedded-mongo';
import { startService, type LogDestination, type RunningService } from '@devcircle/service-kit';
import { definition as notificationsService } from '../../services/notifications/src';
import { definition as postsService } from '../../services/posts/src';
import type { RunningGateway } from '../src';
import { startGateway } from '../src';
import { bearer, eventually, gatewayEnv, INTERNAL_SECRET, JWT_SECRET, sign } from './helpers';

/** A log destination that keeps every JSON line, parsed. */
type Line = Record<string, unknown>;
function captured(): { lines: Line[]; destination: LogDestination } {
  const lines: Line[] = [];
  return {
    lines,
    destination: { write: (text: string) => void lines.push(JSON.parse(text) as Line) },
  };
}

const gatewayLog = captured();
const postsLog = captured();
const notificationsLog = captured();
let database: RunningServer;
let dataDir: string;
let posts: RunningService;
let notifications: RunningService;
let gateway: RunningGateway;
const author = {
  userId: new ObjectId().toHexString(),
  email: 'trace@example.com',
  username: 'tracer',
  tv: 0,
};
const headers = { ...bearer(sign(author)), 'content-type': 'application/json' };

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'devcircle-observability-'));
  database = await startServer({ port: 0 });
  const env = {
    MONGODB_URI: database.databaseUri('devcircle-observability'),
    JWT_SECRET,
    INTERNAL_SECRET,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'trace', // the consumers' "event handled" lines are at trace level
  };
  posts = await startService(postsService, { port: 0, env, logDestination: postsLog.destination });
  notifications = await startService(notificationsService, {
    port: 0,
    env,
    logDestination: notificationsLog.destination,
  });
  await Promise.all([posts.ready, notifications.ready]);
  gateway = await startGateway({
    port: 0,
    env: gatewayEnv({
      LOG_LEVEL: 'info',
      POSTS_URLS: posts.url,
      NOTIFICATIONS_URLS: notifications.url,
      AUTH_URLS: 'http://127.0.0.1:9',
      USERS_URLS: 'http://127.0.0.1:9',
      MONGODB_URI: env.MONGODB_URI,
      METRICS_PORT: '0',
      RATE_LIMIT_CLIENT_ERRORS_PER_IP: '3',
    }),
    logDestination: gatewayLog.destination,
  });
  await gateway.revocationsLoaded;
});

afterAll(async () => {
  await gateway?.stop();
  await Promise.all([posts?.stop(), notifications?.stop()]);
  await database?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

const requestLine = (lines: Line[], requestId: string): Line | undefined =>
  lines.find((line) => line.msg === 'request' && line.requestId === requestId);

/** The count of a histogram series whose labels include all of `labels`, from Prometheus' text format. */
function seriesCount(text: string, name: string, labels: Record<string, string>): number {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  const line = text
    .split('\n')
    .find((entry) => entry.startsWith(`${name}_count{`) && wanted.every((label) => entry.includes(label)));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}

describe('metrics', () => {
  it('the gateway and the service count the request just made, by route pattern and status', async () => {
    const id = new ObjectId().toHexString();
    const answer = await fetch(`${gateway.url}/api/posts/${id}`, { headers });
    expect(answer.status).toBe(404);

    const metricsUrl = gateway.metrics?.url;
    expect(metricsUrl).toBeDefined();
    const gatewayText = await (await fetch(`${metricsUrl}/metrics`)).text();
    const gatewaySeries = { method: 'GET', route: 'proxy:posts', status: '404', service: 'gateway' };
    expect(seriesCount(gatewayText, 'http_request_duration_seconds', gatewaySeries)).toBe(1);
    expect(gatewayText).toContain('process_resident_memory_bytes');
    expect(gatewayText).toContain('mongodb_pool_connections');

    const postsText = await (await fetch(`${posts.url}/metrics`)).text();
    const postsSeries = { method: 'GET', route: '/api/posts/:id', status: '404', service: 'posts' };
    expect(seriesCount(postsText, 'http_request_duration_seconds', postsSeries)).toBe(1);
    expect(postsText).toContain('mongodb_operation_duration_seconds_count');
    // BoundHistogram's exposition: cumulative buckets up to +Inf, which counts every observation.
    expect(postsText).toMatch(
      /^http_request_duration_seconds_bucket\{[^}]*route="\/api\/posts\/:id"[^}]*le="\+Inf"[^}]*\} 1$/m,
    );
  });

  it("the gateway's public listener does not serve /metrics", async () => {
    const answer = await fetch(`${gateway.url}/metrics`);
    expect(answer.status).toBe(404);
    expect(await answer.text()).not.toContain('http_request_duration_seconds');
  });
});

describe('traces', () => {
  it("continues the caller's W3C traceparent: one trace id in the gateway's and the service's lines", async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const answer = await fetch(`${gateway.url}/api/posts/${new ObjectId().toHexString()}`, {
      headers: { ...headers, traceparent: `00-${traceId}-00f067aa0ba902b7-01` },
    });
    const requestId = answer.headers.get('x-request-id') ?? '';
    await eventually(() => requestLine(postsLog.lines, requestId) !== undefined);
    expect(requestLine(gatewayLog.lines, requestId)?.traceId).toBe(traceId);
    expect(requestLine(postsLog.lines, requestId)?.traceId).toBe(traceId);
  });

  it('starts a trace for a request without one, and an event recorded in it carries it to its consumer', async () => {
    const created = await fetch(`${gateway.url}/api/posts`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ content: 'traced post' }),
    });
    expect(created.status).toBe(201);
    const { _id: postId } = (await created.json()) as { _id: string };
    // The comment records a `comment` event in its transaction (the outbox), within the request's trace.
    const answer = await fetch(`${gateway.url}/api/posts/${postId}/comment`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ text: 'traced comment' }),
    });
    expect(answer.status).toBe(201);
    const requestId = answer.headers.get('x-request-id') ?? '';
    await eventually(() => requestLine(postsLog.lines, requestId) !== undefined);
    const traceId = requestLine(gatewayLog.lines, requestId)?.traceId;
    expect(traceId).toMatch(/^[\da-f]{32}$/);
    expect(requestLine(postsLog.lines, requestId)?.traceId).toBe(traceId);

    // notifications.posts handles the comment: its line names the event's trace.
    const handled = (): Line | undefined =>
      notificationsLog.lines.find(
        (line) =>
          line.msg === 'event handled' && line.consumer === 'notifications.posts' && line.traceId === traceId,
      );
    await eventually(() => handled() !== undefined);
    expect(handled()?.type).toBe('comment');

    const lagText = await (await fetch(`${notifications.url}/metrics`)).text();
    expect(
      seriesCount(lagText, 'event_consumer_lag_seconds', { consumer: 'notifications.posts' }),
    ).toBeGreaterThanOrEqual(1);
    expect(lagText).toContain('socketio_sockets_held{service="notifications"} 0');
  });
});

describe('browser errors', () => {
  const report = (body: unknown): Promise<Response> =>
    fetch(`${gateway.url}/api/client-errors`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('logs a valid report with the remote and version, refuses a bad one, and limits them per IP', async () => {
    const valid = {
      remote: 'mf-feed',
      version: '0.1.0',
      kind: 'boundary',
      message: 'Cannot read properties of undefined',
      stack: 'TypeError: Cannot read properties of undefined\n    at Feed (feed.js:1:2)',
      path: '/feed',
    };
    const accepted = await report(valid);
    expect(accepted.status).toBe(204);
    const requestId = accepted.headers.get('x-request-id');
    const line = gatewayLog.lines.find(
      (entry) => entry.msg === 'browser error' && entry.requestId === requestId,
    );
    expect(line).toMatchObject({
      remote: 'mf-feed',
      version: '0.1.0',
      kind: 'boundary',
      page: '/feed',
      level: 40,
    });
    expect(line?.traceId).toMatch(/^[\da-f]{32}$/);

    const bad = await report({ ...valid, kind: 'other', remote: '<script>', message: 'x'.repeat(1001) });
    expect(bad.status).toBe(400);
    const fields = ((await bad.json()) as { errors: { field: string }[] }).errors.map((error) => error.field);
    expect(fields.sort()).toEqual(['kind', 'message', 'remote']);
    const unknown = await report({ ...valid, extra: 1 });
    expect(unknown.status).toBe(400);
    const logged = gatewayLog.lines.filter((entry) => entry.msg === 'browser error');
    expect(logged).toHaveLength(1);

    // The fourth report from this IP within the window (RATE_LIMIT_CLIENT_ERRORS_PER_IP=3).
    const limited = await report(valid);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});
