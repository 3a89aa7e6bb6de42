import { startService, type RunningService } from '@devcircle/service-kit';
import {
  definition as notificationsService,
  type NotificationsContext,
} from '../../services/notifications/src';
import type { RunningGateway } from '../src';
import { eventually, startTestGateway } from './helpers';
import { connected, listen, publish, register, send, type Listener } from './realtime-support';
import { startStack, type Stack } from './stack';

/**
 * Two notifications instances behind one gateway, sharing the database: whichever instance consumed an event and
 * whichever holds a socket, every socket of the user gets each notification exactly once.
 */
let stack: Stack;
let second: RunningService<NotificationsContext>;
let gateway: RunningGateway;
const listeners: Listener[] = [];
beforeAll(async () => {
  stack = await startStack();
  second = await startService(notificationsService, {
    port: 0,
    env: { ...stack.env, AUTH_URL: stack.services.auth.url },
  });
  await second.ready;
  gateway = await startTestGateway({
    ...stack.gatewayEnv,
    NOTIFICATIONS_URLS: `${stack.services.notifications.url},${second.url}`,
  });
  await gateway.revocationsLoaded;
});
afterAll(async () => {
  for (const listener of listeners) listener.close();
  await gateway.stop();
  await second.stop();
  await stack.stop();
});

test('each notification reaches every socket of the user once, on either instance', async () => {
  const url = gateway.url;
  const ada = await register(url, stack.outboxDir, 'ada');
  const bob = await register(url, stack.outboxDir, 'bob');
  for (let i = 0; i < 4; i++) {
    const listener = listen(url, () => ({ token: ada.token }));
    listeners.push(listener);
    await connected(listener);
  }
  // The gateway spread them: both instances hold some.
  // The stack holds its four services alike; this one is the notifications service.
  const first = stack.services.notifications.context as NotificationsContext;
  const held = [first, second.context].map((context) => context.registry.size);
  expect(held).toEqual([2, 2]);

  const posts: string[] = [];
  for (let i = 0; i < 5; i++) posts.push(await publish(url, ada, `post ${i}`));
  // Likes through both gateways, so events are recorded and consumed while both instances poll.
  for (const [i, post] of posts.entries()) {
    const via = i % 2 === 0 ? url : stack.gateway.url;
    expect((await send(via, 'PUT', `/api/posts/${post}/like`, bob)).status).toBe(200);
  }
  await eventually(() => listeners.every((listener) => listener.received.length >= 5));
  // A last one: pushes on one socket arrive in order, so once it is there any repeat would be too.
  await send(url, 'PUT', `/api/users/${ada.username}/follow`, bob);
  await eventually(() => listeners.every((listener) => listener.received.length >= 6));
  for (const listener of listeners) {
    expect(listener.repeats()).toEqual([]);
    expect(listener.received).toHaveLength(6);
    expect(listener.received.at(-1)?.type).toBe('follow');
  }
  const stored = await stack.services.notifications.deps.db
    .collection('notifications')
    .countDocuments({ fromUserId: { $exists: true } });
  expect(stored).toBe(6);
});
