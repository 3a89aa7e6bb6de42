import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { numOpenSockets } from 'http-proxy-3';
import type { RunningGateway } from '../src';
import {
  alice,
  bearer,
  deadUrl,
  eventually,
  INTERNAL_SECRET,
  readBytes,
  sign,
  startTestGateway,
  startUpstream,
  upgradeRequest,
  type Upstream,
} from './helpers';

/**
 * A stand-in for the notifications socket endpoint: upgrades any request on /socket.io and echoes what it
 * receives ("echo:<bytes>"), and answers the long-polling transport the way engine.io does, holding a poll open.
 */
let notifications: Upstream;
const upgrades: IncomingHttpHeaders[] = [];
const upgradedAtService = new Set<Socket>();

function polling(req: IncomingMessage, res: ServerResponse, body: Buffer): void {
  const url = new URL(req.url ?? '/', 'http://notifications');
  if (url.pathname !== '/socket.io/') {
    res.statusCode = 404;
    res.end();
    return;
  }
  res.setHeader('content-type', 'text/plain; charset=UTF-8');
  if (req.method === 'POST') {
    res.end(`ok:${body.toString('utf8')}`);
    return;
  }
  if (!url.searchParams.get('sid')) {
    res.end('0{"sid":"s1","upgrades":["websocket"],"pingInterval":25000,"pingTimeout":20000}');
    return;
  }
  // A long poll: held open, as engine.io does until there is something to send.
  setTimeout(() => res.end('2'), Number(url.searchParams.get('hold') ?? 0));
}

beforeAll(async () => {
  notifications = await startUpstream('notifications', polling);
  notifications.server.on('upgrade', (req: IncomingMessage, socket: Socket) => {
    upgrades.push(req.headers);
    upgradedAtService.add(socket);
    socket.once('close', () => upgradedAtService.delete(socket));
    // Like a real server, it closes when the gateway finishes its side, unless asked to stay half-open.
    if (!req.url?.includes('halfopen=1')) socket.on('end', () => socket.end());
    socket.write(
      'HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n' +
        'Sec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo=\r\n\r\n',
    );
    socket.on('data', (chunk: Buffer) => socket.write(`echo:${chunk.toString('utf8')}`));
  });
});
afterAll(async () => {
  for (const socket of upgradedAtService) socket.destroy();
  await notifications.stop();
});

let gateway: RunningGateway;
beforeEach(async () => {
  gateway = await startTestGateway({
    AUTH_URLS: notifications.url,
    POSTS_URLS: notifications.url,
    USERS_URLS: notifications.url,
    NOTIFICATIONS_URLS: notifications.url,
    UPSTREAM_TIMEOUT_MS: '200',
    SOCKET_IO_TIMEOUT_MS: '30000',
  });
});
afterEach(async () => {
  await gateway.stop();
});

test('a websocket upgrade on /socket.io passes through to notifications, both ways', async () => {
  const result = await upgradeRequest(gateway.url, '/socket.io/?EIO=4&transport=websocket', {
    ...bearer(sign(alice)),
    'x-devcircle-internal': INTERNAL_SECRET,
    'x-request-id': 'socket-upgrade-1',
  });
  if (!('socket' in result)) throw new Error(`upgrade refused: ${result.refused.status}`);
  const { socket } = result;
  socket.write('hello');
  expect(await readBytes(socket, 'echo:hello'.length)).toBe('echo:hello');
  socket.write('second message');
  expect(await readBytes(socket, 'echo:second message'.length)).toBe('echo:second message');
  socket.destroy();

  const seen = upgrades.at(-1) as IncomingHttpHeaders;
  expect(seen.upgrade).toBe('websocket');
  expect(seen['x-request-id']).toBe('socket-upgrade-1');
  expect(seen['x-devcircle-internal']).toBeUndefined();
  // Even with a valid token no identity is signed: the socket.io handshake checks the token, nothing reads it.
  expect(seen['x-devcircle-identity']).toBeUndefined();
});

test('an upgrade without a token still passes (the socket authenticates in its handshake), with no identity', async () => {
  const result = await upgradeRequest(gateway.url, '/socket.io/?EIO=4&transport=websocket', {
    'x-devcircle-identity': 'forged.identity',
  });
  if (!('socket' in result)) throw new Error(`upgrade refused: ${result.refused.status}`);
  result.socket.write('ping');
  expect(await readBytes(result.socket, 'echo:ping'.length)).toBe('echo:ping');
  result.socket.destroy();
  expect(upgrades.at(-1)?.['x-devcircle-identity']).toBeUndefined();
});

test('upgrades anywhere else are refused with 404', async () => {
  for (const path of ['/api/posts', '/internal/revocations', '/']) {
    const result = await upgradeRequest(gateway.url, path);
    expect('refused' in result && result.refused.status).toBe(404);
  }
});

test('an upgrade when notifications is down answers 502 instead of hanging', async () => {
  const down = await startTestGateway({
    AUTH_URLS: notifications.url,
    POSTS_URLS: notifications.url,
    USERS_URLS: notifications.url,
    NOTIFICATIONS_URLS: (await deadUrl()).url,
  });
  try {
    const result = await upgradeRequest(down.url, '/socket.io/?EIO=4&transport=websocket');
    if (!('refused' in result)) throw new Error('unexpected upgrade');
    expect(result.refused.status).toBe(502);
    expect(JSON.parse(result.refused.body)).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE' });
  } finally {
    await down.stop();
  }
}, 10_000);

test('the long-polling transport works over plain HTTP, polls may be held open past the API timeout', async () => {
  const open = await fetch(`${gateway.url}/socket.io/?EIO=4&transport=polling`);
  expect(open.status).toBe(200);
  expect(await open.text()).toMatch(/^0\{"sid":"s1"/);

  const sent = await fetch(`${gateway.url}/socket.io/?EIO=4&transport=polling&sid=s1`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain;charset=UTF-8' },
    body: '40',
  });
  expect(await sent.text()).toBe('ok:40');

  // Held for longer than UPSTREAM_TIMEOUT_MS (200 ms here): /socket.io has its own, longer idle limit.
  const held = await fetch(`${gateway.url}/socket.io/?EIO=4&transport=polling&sid=s1&hold=600`);
  expect(held.status).toBe(200);
  expect(await held.text()).toBe('2');
});

test('a long-polling request with a valid token carries no signed identity either (the handshake reads the token)', async () => {
  const response = await fetch(`${gateway.url}/socket.io/?EIO=4&transport=polling`, {
    headers: { ...bearer(sign()), 'x-devcircle-identity': 'forged.identity' },
  });
  expect(response.status).toBe(200);
  const seen = notifications.seen.filter((request) => request.url.startsWith('/socket.io/')).at(-1);
  expect(seen?.url).toBe('/socket.io/?EIO=4&transport=polling');
  expect(seen?.headers['x-devcircle-identity']).toBeUndefined();
  expect(seen?.headers.authorization).toMatch(/^Bearer /);
});

test('when the client leaves, the gateway closes its side to the service even if the service does not', async () => {
  await eventually(() => numOpenSockets() === 0);
  const result = await upgradeRequest(gateway.url, '/socket.io/?EIO=4&transport=websocket&halfopen=1');
  if (!('socket' in result)) throw new Error('upgrade refused');
  result.socket.write('x');
  await readBytes(result.socket, 'echo:x'.length);
  expect(numOpenSockets()).toBe(2); // the client's socket and the one to the service
  result.socket.destroy();
  await eventually(() => numOpenSockets() === 0);
});

test('stopping the gateway closes upgraded sockets', async () => {
  const result = await upgradeRequest(gateway.url, '/socket.io/?EIO=4&transport=websocket');
  if (!('socket' in result)) throw new Error('upgrade refused');
  const closed = new Promise<void>((resolve) => result.socket.once('close', () => resolve()));
  result.socket.on('error', () => undefined);
  await gateway.stop();
  await closed;
});
