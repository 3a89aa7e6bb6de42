import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RunningGateway } from '../src';
import { alice, bearer, deadUrl, echo, eventually, sign, startTestGateway, startUpstream } from './helpers';

/** How a stand-in service instance behaves; tests flip these while it runs. */
interface Behaviour {
  health: number;
  ready: number;
}

function instance(name: string, behaviour: Behaviour = { health: 200, ready: 200 }, port?: number) {
  const handler = (req: IncomingMessage, res: ServerResponse, body: Buffer): void => {
    res.setHeader('content-type', 'application/json');
    if (req.url === '/health') {
      res.statusCode = behaviour.health;
      res.end(JSON.stringify({ status: behaviour.health === 200 ? 'ok' : 'broken', service: name }));
    } else if (req.url === '/ready') {
      res.statusCode = behaviour.ready;
      const up = behaviour.ready === 200;
      res.end(JSON.stringify({ status: up ? 'ready' : 'unavailable', database: up ? 'up' : 'down' }));
    } else if (req.url?.startsWith('/api/posts/slow')) {
      // Never answers.
    } else if (req.url === '/api/posts/dies-midway') {
      res.writeHead(200, { 'content-type': 'text/plain', 'content-length': '1000' });
      res.write('partial');
      setImmediate(() => res.socket?.destroy());
    } else {
      echo(name)(req, res, body);
    }
  };
  return startUpstream(name, handler, { port });
}

const token = sign(alice);
const get = (gateway: RunningGateway, path: string) =>
  fetch(`${gateway.url}${path}`, { headers: bearer(token) });
const post = (gateway: RunningGateway, path: string) =>
  fetch(`${gateway.url}${path}`, {
    method: 'POST',
    headers: { ...bearer(token), 'content-type': 'application/json' },
    body: '{"content":"hello"}',
  });
const upstreamOf = async (response: Response) => ((await response.json()) as { upstream: string }).upstream;

const running: { stop(): Promise<void> }[] = [];
async function track<T extends { stop(): Promise<void> }>(started: Promise<T>): Promise<T> {
  const value = await started;
  running.push(value);
  return value;
}
afterEach(async () => {
  await Promise.all(running.splice(0).map((item) => item.stop()));
});

/** A gateway whose other services are stand-ins too, with `posts` given by the test. */
async function gatewayWithPosts(postsUrls: string[], env: Record<string, string> = {}) {
  const other = await track(instance('other'));
  return track(
    startTestGateway({
      AUTH_URLS: other.url,
      USERS_URLS: other.url,
      NOTIFICATIONS_URLS: other.url,
      POSTS_URLS: postsUrls.join(','),
      ...env,
    }),
  );
}

test('requests are spread round-robin over the instances', async () => {
  const one = await track(instance('posts-1'));
  const two = await track(instance('posts-2'));
  const gateway = await gatewayWithPosts([one.url, two.url]);
  const seen: string[] = [];
  for (let i = 0; i < 6; i++) seen.push(await upstreamOf(await get(gateway, '/api/posts')));
  expect(seen).toEqual(['posts-1', 'posts-2', 'posts-1', 'posts-2', 'posts-1', 'posts-2']);
});

test('a GET whose instance is down is retried on another; the down instance is then skipped', async () => {
  const one = await track(instance('posts-1'));
  const dead = await deadUrl();
  const two = await track(instance('posts-2'));
  const gateway = await gatewayWithPosts([one.url, dead.url, two.url], {
    UPSTREAM_FAILURE_COOLDOWN_MS: '60000',
  });
  const seen: string[] = [];
  for (let i = 0; i < 6; i++) {
    const response = await get(gateway, '/api/posts');
    expect(response.status).toBe(200);
    seen.push(await upstreamOf(response));
  }
  expect(new Set(seen)).toEqual(new Set(['posts-1', 'posts-2']));
  expect(gateway.pools.posts.instances[1]).toMatchObject({ url: dead.url, state: 'unreachable' });
  // Non-idempotent requests are never sent to the skipped instance.
  for (let i = 0; i < 4; i++) expect((await post(gateway, '/api/posts')).status).toBe(200);
});

test('a POST is not retried: 502 when its instance is down, and the next one goes to a live instance', async () => {
  const dead = await deadUrl();
  const live = await track(instance('posts-live'));
  const gateway = await gatewayWithPosts([dead.url, live.url], { UPSTREAM_FAILURE_COOLDOWN_MS: '60000' });
  const first = await post(gateway, '/api/posts');
  expect(first.status).toBe(502);
  expect(await first.json()).toEqual({
    message: 'The posts service cannot be reached right now. Please try again shortly.',
    code: 'UPSTREAM_UNAVAILABLE',
  });
  expect(live.seen.filter((seen) => seen.method === 'POST')).toHaveLength(0);
  const second = await post(gateway, '/api/posts');
  expect(second.status).toBe(200);
  expect(await upstreamOf(second)).toBe('posts-live');
});

test('a skipped instance is tried again after its cooldown and used once it is back', async () => {
  const dead = await deadUrl();
  const live = await track(instance('posts-live'));
  const gateway = await gatewayWithPosts([dead.url, live.url], { UPSTREAM_FAILURE_COOLDOWN_MS: '100' });
  expect((await get(gateway, '/api/posts')).status).toBe(200); // dead one refused, retried on the live one
  expect(gateway.pools.posts.instances[0].state).toBe('unreachable');
  await track(instance('posts-revived', undefined, dead.port));
  await eventually(async () => (await upstreamOf(await get(gateway, '/api/posts'))) === 'posts-revived');
  expect(gateway.pools.posts.instances[0].state).toBe('up');
});

test('every instance down: 502 UPSTREAM_UNAVAILABLE at once, for GET and POST, never a hang', async () => {
  const gateway = await gatewayWithPosts([(await deadUrl()).url, (await deadUrl()).url]);
  for (const response of [
    await get(gateway, '/api/posts'),
    await post(gateway, '/api/posts'),
    await get(gateway, '/api/posts/1'),
  ]) {
    expect(response.status).toBe(502);
    expect(await response.json()).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE' });
  }
}, 10_000);

test('a service that does not answer in time gives 504 UPSTREAM_TIMEOUT', async () => {
  const slow = await track(instance('posts-slow'));
  const gateway = await gatewayWithPosts([slow.url], { UPSTREAM_TIMEOUT_MS: '300' });
  const response = await get(gateway, '/api/posts/slow');
  expect(response.status).toBe(504);
  expect(await response.json()).toEqual({
    message: 'The posts service did not answer in time. Please try again.',
    code: 'UPSTREAM_TIMEOUT',
  });
  // A slow answer is not a dead instance: it stays in the rotation.
  expect(gateway.pools.posts.instances[0].state).toBe('up');
  expect((await get(gateway, '/api/posts')).status).toBe(200);
}, 10_000);

test('a service that dies in the middle of an answer ends the client response instead of leaving it hanging', async () => {
  const dying = await track(instance('posts-dying'));
  const gateway = await gatewayWithPosts([dying.url]);
  const response = await get(gateway, '/api/posts/dies-midway');
  expect(response.status).toBe(200);
  await expect(response.text()).rejects.toThrow();
}, 10_000);

test('active health checks: all instances failing health gives 503 SERVICE_UNAVAILABLE, and recovery is noticed', async () => {
  const behaviour = { health: 500, ready: 503 };
  const sick = await track(instance('posts-sick', behaviour));
  const gateway = await gatewayWithPosts([sick.url], { HEALTH_CHECK_INTERVAL_MS: '50' });
  await eventually(() => gateway.pools.posts.instances[0].state === 'unhealthy');
  const response = await get(gateway, '/api/posts');
  expect(response.status).toBe(503);
  expect(response.headers.get('retry-after')).toBe('5');
  expect(await response.json()).toEqual({
    message: 'The posts service is unavailable right now. Please try again shortly.',
    code: 'SERVICE_UNAVAILABLE',
  });
  behaviour.health = 200;
  await eventually(async () => (await get(gateway, '/api/posts')).status === 200);
});

test('/status asks every instance and is 200 only when each service has a ready instance', async () => {
  const auth = await track(instance('auth'));
  const postsUp = await track(instance('posts-up'));
  const postsDead = await deadUrl();
  const usersBehaviour = { health: 200, ready: 503 };
  const users = await track(instance('users', usersBehaviour));
  const notifications = await track(instance('notifications'));
  const gateway = await track(
    startTestGateway({
      AUTH_URLS: auth.url,
      POSTS_URLS: `${postsUp.url},${postsDead.url}`,
      USERS_URLS: users.url,
      NOTIFICATIONS_URLS: notifications.url,
    }),
  );
  const notReady = await fetch(`${gateway.url}/status`);
  expect(notReady.status).toBe(503);
  const body = (await notReady.json()) as Record<string, unknown>;
  expect(body).toMatchObject({
    status: 'unavailable',
    service: 'gateway',
    services: {
      auth: { status: 'ready', ready: 1, total: 1 },
      posts: {
        status: 'ready',
        ready: 1,
        total: 2,
        instances: [
          { url: postsUp.url, status: 'ready' },
          { url: postsDead.url, status: 'unreachable', detail: 'ECONNREFUSED' },
        ],
      },
      users: {
        status: 'unavailable',
        ready: 0,
        total: 1,
        instances: [{ status: 'unavailable', detail: 'database down' }],
      },
      notifications: { status: 'ready', ready: 1, total: 1 },
    },
  });

  // The gateway itself can serve all the while: its own readiness does not hang on any service.
  expect(await (await fetch(`${gateway.url}/ready`)).json()).toEqual({
    status: 'ready',
    service: 'gateway',
    revocations: expect.stringMatching(/^(loaded|pending)$/),
  });

  usersBehaviour.ready = 200;
  const ready = await fetch(`${gateway.url}/status`);
  expect(ready.status).toBe(200);
  expect(await ready.json()).toMatchObject({ status: 'ready' });
  // /health is the gateway alone, whatever the services do.
  expect(await (await fetch(`${gateway.url}/health`)).json()).toMatchObject({
    status: 'ok',
    service: 'gateway',
  });
});

test('every instance cooling after a failed connect: the next request still tries one (panic routing)', async () => {
  const dead = await deadUrl();
  // A cooldown far longer than the test: only panic routing can send the second request anywhere.
  const gateway = await gatewayWithPosts([dead.url], { UPSTREAM_FAILURE_COOLDOWN_MS: '600000' });
  expect((await post(gateway, '/api/posts')).status).toBe(502);
  expect(gateway.pools.posts.instances[0].state).toBe('unreachable');
  // The service comes up (as it does when it starts after the gateway): it is used at once, for a POST too.
  const revived = await track(instance('posts-revived', undefined, dead.port));
  const response = await post(gateway, '/api/posts');
  expect(response.status).toBe(200);
  expect(await upstreamOf(response)).toBe('posts-revived');
  expect(revived.seen.filter((seen) => seen.method === 'POST')).toHaveLength(1);
  expect(gateway.pools.posts.instances[0].state).toBe('up');
});

test('/status puts an instance that answers ready back in the rotation before its cooldown ends', async () => {
  const dead = await deadUrl();
  const live = await track(instance('posts-live'));
  const gateway = await gatewayWithPosts([dead.url, live.url], { UPSTREAM_FAILURE_COOLDOWN_MS: '600000' });
  expect((await get(gateway, '/api/posts')).status).toBe(200);
  expect(gateway.pools.posts.instances[0].state).toBe('unreachable');
  await track(instance('posts-revived', undefined, dead.port));
  expect((await fetch(`${gateway.url}/status`)).status).toBe(200);
  expect(gateway.pools.posts.instances[0].state).toBe('up');
});
