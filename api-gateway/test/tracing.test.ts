import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ObjectId } from 'mongodb';
import { startServer, type RunningServer } from '@devcircle/embedded-mongo';
import { startService, type LogDestination, type RunningService } from '@devcircle/service-kit';
import { definition as notificationsService } from '../../services/notifications/src';
import { definition as postsService } from '../../services/posts/src';
import { startGateway, type RunningGateway } from '../src';
import { bearer, eventually, gatewayEnv, INTERNAL_SECRET, JWT_SECRET, sign } from './helpers';
import { connected, listen } from './realtime-support';

/**
 * OpenTelemetry spans, exported: the gateway, posts and notifications send OTLP/HTTP JSON to a receiver of the
 * test's own (a plain HTTP server), as the standard OTEL_* variables say. One traced comment gives one trace:
 * the caller's span → the gateway's SERVER span → posts' SERVER span → the event's PRODUCER span → the
 * notifications consumer's CONSUMER span.
 */

interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
}
interface OtlpAttribute {
  key: string;
  value: OtlpValue;
}
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: OtlpAttribute[];
}
interface OtlpExport {
  resourceSpans: Array<{
    resource: { attributes: OtlpAttribute[] };
    scopeSpans: Array<{ spans: OtlpSpan[] }>;
  }>;
}
/** A received span, with its part's service.name and its attributes as a record. */
interface Received extends OtlpSpan {
  service: string;
  attrs: Record<string, string | number>;
}

const KIND = { server: 2, producer: 4, consumer: 5 } as const;

const valueOf = (value: OtlpValue): string | number =>
  value.stringValue ?? (value.intValue === undefined ? '' : Number(value.intValue));
const recordOf = (attributes: OtlpAttribute[] = []): Record<string, string | number> =>
  Object.fromEntries(attributes.map((attribute) => [attribute.key, valueOf(attribute.value)]));

const received: Received[] = [];
const contentTypes = new Set<string>();
const receiver = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    contentTypes.add(`${req.method} ${req.url} ${req.headers['content-type']}`);
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as OtlpExport;
    for (const resource of body.resourceSpans) {
      const service = String(recordOf(resource.resource.attributes)['service.name']);
      for (const scope of resource.scopeSpans)
        for (const span of scope.spans) received.push({ ...span, service, attrs: recordOf(span.attributes) });
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
});

const lines: Array<Record<string, unknown>> = [];
const logDestination: LogDestination = {
  write: (text: string) => void lines.push(JSON.parse(text) as Record<string, unknown>),
};

let database: RunningServer;
let dataDir: string;
let posts: RunningService;
let notifications: RunningService;
let gateway: RunningGateway;
const author = { userId: new ObjectId().toHexString(), email: 'otel@example.com', username: 'oteler', tv: 0 };
const headers = { ...bearer(sign(author)), 'content-type': 'application/json' };

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const otlp = {
    OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`,
    // Sent when the test flushes (and at stop), not on a timer.
    OTEL_BSP_SCHEDULE_DELAY: '600000',
  };
  dataDir = await mkdtemp(path.join(tmpdir(), 'devcircle-tracing-'));
  database = await startServer({ port: 0 });
  const env = {
    MONGODB_URI: database.databaseUri('devcircle-tracing'),
    JWT_SECRET,
    INTERNAL_SECRET,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    ...otlp,
  };
  [posts, notifications] = await Promise.all([
    startService(postsService, { port: 0, env, logDestination }),
    startService(notificationsService, { port: 0, env, logDestination }),
  ]);
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
      ...otlp,
    }),
    logDestination,
  });
  await gateway.revocationsLoaded;
});

afterAll(async () => {
  await gateway?.stop();
  await Promise.all([posts?.stop(), notifications?.stop()]);
  await database?.stop();
  await new Promise((resolve) => receiver.close(resolve));
  await rm(dataDir, { recursive: true, force: true });
});

const flushAll = (): Promise<unknown> =>
  Promise.all([gateway, posts.deps, notifications.deps].map((part) => part.tracing?.flush()));

test("one trace from the caller through the gateway, posts, the event and its consumer, each span its parent's child", async () => {
  const created = await fetch(`${gateway.url}/api/posts`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ content: 'a post to trace' }),
  });
  expect(created.status).toBe(201);
  const { _id: postId } = (await created.json()) as { _id: string };

  const traceId = '0af7651916cd43dd8448eb211c80319c';
  const callerSpan = 'b7ad6b7169203331';
  const answer = await fetch(`${gateway.url}/api/posts/${postId}/comment`, {
    method: 'POST',
    headers: { ...headers, traceparent: `00-${traceId}-${callerSpan}-01` },
    body: JSON.stringify({ text: 'a traced comment' }),
  });
  expect(answer.status).toBe(201);

  const inTrace = (): Received[] => received.filter((span) => span.traceId === traceId);
  const consumerSpan = (): Received | undefined =>
    inTrace().find(
      (span) =>
        span.kind === KIND.consumer && span.attrs['messaging.consumer.group.name'] === 'notifications.posts',
    );
  await eventually(async () => {
    await flushAll();
    return consumerSpan() !== undefined;
  });

  const gatewaySpan = inTrace().find((span) => span.service === 'gateway');
  expect(gatewaySpan).toMatchObject({
    parentSpanId: callerSpan,
    kind: KIND.server,
    name: 'POST proxy:posts',
    attrs: { 'http.route': 'proxy:posts', 'http.response.status_code': 201 },
  });
  const postsSpan = inTrace().find((span) => span.service === 'posts' && span.kind === KIND.server);
  expect(postsSpan).toMatchObject({
    parentSpanId: gatewaySpan?.spanId,
    name: 'POST /api/posts/:id/comment',
    attrs: { 'http.route': '/api/posts/:id/comment', 'http.response.status_code': 201 },
  });
  const producerSpan = inTrace().find((span) => span.kind === KIND.producer);
  expect(producerSpan).toMatchObject({
    service: 'posts',
    parentSpanId: postsSpan?.spanId,
    name: 'publish post_events',
    attrs: { 'messaging.destination.name': 'post_events', 'devcircle.event.type': 'comment' },
  });
  expect(consumerSpan()).toMatchObject({
    service: 'notifications',
    parentSpanId: producerSpan?.spanId,
    name: 'process post_events',
  });
  expect(contentTypes).toEqual(new Set(['POST /v1/traces application/json']));

  // The log lines keep the trace id: the gateway's and posts' request lines, and the consumer's handler.
  const requestId = answer.headers.get('x-request-id');
  const requestLines = lines.filter((line) => line.msg === 'request' && line.requestId === requestId);
  expect(requestLines.map((line) => [line.service, line.traceId]).sort()).toEqual([
    ['gateway', traceId],
    ['posts', traceId],
  ]);
});

test("a socket.io upgrade is a SERVER span of the gateway's, named by its route label", async () => {
  const listener = listen(gateway.url, () => ({ token: sign(author) }));
  try {
    await connected(listener);
  } finally {
    listener.close();
  }
  const upgrade = (): Received | undefined =>
    received.find((span) => span.service === 'gateway' && span.name === 'GET socket:notifications');
  await eventually(async () => {
    await flushAll();
    return upgrade() !== undefined;
  });
  expect(upgrade()).toMatchObject({ kind: KIND.server, attrs: { 'http.route': 'socket:notifications' } });
});
