import { startService, type RunningService } from '@devcircle/service-kit';
import { ObjectId } from 'mongodb';
import {
  definition as notificationsService,
  type NotificationsContext,
} from '../../services/notifications/src';
import {
  NOTIFICATIONS,
  type NotificationDoc,
} from '../../services/notifications/src/notifications/notification';
import type { RunningGateway } from '../src';
import { eventually, startTestGateway } from './helpers';
import {
  connected,
  listen,
  publish,
  register,
  send,
  type Listener,
  type Member,
  type Pushed,
} from './realtime-support';
import { startStack, type Stack } from './stack';

/** What one socket heard besides notifications, in order. */
function changesOf(listener: Listener): string[] {
  const seen: string[] = [];
  listener.socket.on('notifications:read', ({ upTo }: { upTo: string }) => seen.push(`read ${upTo}`));
  listener.socket.on('notifications:cleared', ({ upTo }: { upTo: string }) => seen.push(`cleared ${upTo}`));
  listener.socket.on('notifications:removed', ({ ids }: { ids: string[] }) =>
    seen.push(`removed ${ids.join()}`),
  );
  return seen;
}

/**
 * A user's sockets spread over two notifications instances (the user's room on each), with either way the
 * instances reach each other's sockets (`REALTIME_FANOUT`): a notification, a removal, "mark all as read" and
 * "delete all" reach every socket once, whichever instance made them. Both instances run in the same mode: the
 * stack's own instance is stopped and two are started in the mode under test.
 */
describe.each(['stream', 'adapter'])('REALTIME_FANOUT=%s', (mode) => {
  let stack: Stack;
  let instances: RunningService<NotificationsContext>[];
  let gateway: RunningGateway;
  let url: string;
  const listeners: Listener[] = [];

  beforeAll(async () => {
    stack = await startStack();
    await stack.stopService('notifications');
    const env = { ...stack.env, AUTH_URL: stack.services.auth.url, REALTIME_FANOUT: mode };
    instances = [];
    for (let i = 0; i < 2; i++) {
      const instance = await startService(notificationsService, { port: 0, env });
      await instance.ready;
      instances.push(instance);
    }
    // The stack stops the first in place of the one stopped above; the second is stopped here.
    stack.services.notifications = instances[0];
    gateway = await startTestGateway({
      ...stack.gatewayEnv,
      NOTIFICATIONS_URLS: instances.map((instance) => instance.url).join(','),
      RATE_LIMIT_REGISTER_PER_IP: '1000',
      RATE_LIMIT_CONFIRM_REGISTRATION_PER_IP: '1000',
    });
    await gateway.revocationsLoaded;
    url = gateway.url;
  });
  afterAll(async () => {
    for (const listener of listeners) listener.close();
    await gateway.stop();
    await instances[1].stop();
    await stack.stop();
  });

  function socketOf(member: Member, extra: Record<string, unknown> = {}): Listener {
    const listener = listen(url, () => ({ token: member.token, ...extra }));
    listeners.push(listener);
    return listener;
  }

  test('a notification, a removal, mark all read and delete all reach the user’s sockets on both instances', async () => {
    const ada = await register(url, stack.outboxDir, 'ada');
    const bob = await register(url, stack.outboxDir, 'bob');
    const tabs = [socketOf(ada), socketOf(ada), socketOf(ada), socketOf(ada)];
    await Promise.all(tabs.map(connected));
    const changes = tabs.map(changesOf);
    // The gateway spread them: each instance holds some of ada's sockets, in her room.
    const held = instances.map((instance) => instance.context.registry.socketsOf(ada.id).length);
    expect(held.every((count) => count > 0)).toBe(true);
    expect(held[0] + held[1]).toBe(4);

    const post = await publish(url, ada);
    expect((await send(url, 'PUT', `/api/posts/${post}/like`, bob)).status).toBe(200);
    const commented = await send(url, 'POST', `/api/posts/${post}/comment`, bob, { text: 'Nice' });
    expect(commented.status).toBeLessThan(300);
    await eventually(() => tabs.every((tab) => tab.received.length === 2));
    const like = tabs[0].received.find((n) => n.type === 'like')?._id;
    const comment = tabs[0].received.find((n) => n.type === 'comment')?._id;
    for (const tab of tabs) expect(tab.received.map((n) => n._id).sort()).toEqual([like, comment].sort());

    const commentId = (commented.body.comments as { _id: string }[])[0]._id;
    expect((await send(url, 'DELETE', `/api/posts/${post}/comment/${commentId}`, bob)).status).toBe(200);
    await eventually(() => changes.every((seen) => seen.length === 1));
    expect((await send(url, 'PUT', '/api/notifications/mark-all-read', ada)).body).toMatchObject({
      updated: 1,
    });
    await eventually(() => changes.every((seen) => seen.length === 2));
    expect((await send(url, 'DELETE', '/api/notifications/all', ada)).body).toMatchObject({ deleted: 1 });
    await eventually(() => changes.every((seen) => seen.length === 3));
    for (const seen of changes)
      expect(seen).toEqual([`removed ${comment}`, `read ${like}`, `cleared ${like}`]);

    // A last notification: once every socket has it, a repeat of the earlier ones would have come too.
    expect((await send(url, 'PUT', `/api/users/${ada.username}/follow`, bob)).status).toBe(200);
    await eventually(() => tabs.every((tab) => tab.received.length >= 3));
    for (const tab of tabs) {
      expect(tab.repeats()).toEqual([]);
      expect(tab.received.map((n) => n.type).sort()).toEqual(['comment', 'follow', 'like']);
    }
  });

  test('a socket catching up while likes arrive gets each notification once', async () => {
    const ada = await register(url, stack.outboxDir, 'cat');
    const bob = await register(url, stack.outboxDir, 'bob');
    const posts: string[] = [];
    for (let i = 0; i < 12; i++) posts.push(await publish(url, ada, `post ${i}`));
    const first = socketOf(ada);
    await connected(first);
    expect((await send(url, 'PUT', `/api/posts/${posts[0]}/like`, bob)).status).toBe(200);
    await eventually(() => first.received.length === 1);
    const after = first.received[0]._id;

    // Sockets that say what they have connect one after another while the other likes are made: each of those
    // likes reaches them by their catch-up, by a push, or both at once, and must come once.
    const likes = (async () => {
      for (const post of posts.slice(1))
        expect((await send(url, 'PUT', `/api/posts/${post}/like`, bob)).status).toBe(200);
    })();
    const late: Listener[] = [];
    let liked = false;
    void likes.finally(() => (liked = true));
    while (!liked || late.length < 3) {
      const tab = socketOf(ada, { after });
      late.push(tab);
      await connected(tab);
    }
    await likes;
    await eventually(() => [first, ...late].every((tab) => tab.received.length >= 11));
    expect((await send(url, 'PUT', `/api/users/${ada.username}/follow`, bob)).status).toBe(200);
    await eventually(() => [first, ...late].every((tab) => tab.received.some((n) => n.type === 'follow')));
    for (const tab of late) {
      expect(tab.repeats()).toEqual([]);
      expect(tab.received).toHaveLength(12);
    }
    expect(first.repeats()).toEqual([]);
    expect(first.received).toHaveLength(13);
    // With the change streams a `sent:<id>` room lasts until this instance has pushed that notification.
    if (mode === 'stream')
      await eventually(() => instances.every((instance) => instance.context.registry.sentRooms === 0));
  });

  // Last in its describe: it stops two consumers of the first instance.
  (mode === 'stream' ? test : test.skip)(
    'a push that comes after a catch-up sent the notification passes that socket by, and its room goes',
    async () => {
      const ada = await register(url, stack.outboxDir, 'late');
      const bob = await register(url, stack.outboxDir, 'bob');
      const post = await publish(url, ada);
      // Instance x neither makes notifications nor reads the notifications' stream: y makes this one and pushes
      // it to its own sockets; x pushes it only below, after a catch-up on x sent it.
      const [x] = instances;
      for (const consumer of x.consumers)
        if (consumer.name === 'notifications.posts' || consumer.name === 'notifications.push')
          await consumer.stop();
      const onX = async (extra: Record<string, unknown>): Promise<Listener> => {
        for (;;) {
          const candidate = socketOf(ada, extra);
          await connected(candidate);
          if (x.context.registry.socketsOf(ada.id).some((socket) => socket.id === candidate.socket.id))
            return candidate;
        }
      };
      const plain = await onX({});
      const after = new ObjectId().toHexString();
      expect((await send(url, 'PUT', `/api/posts/${post}/like`, bob)).status).toBe(200);
      const listed = async () =>
        (await send(url, 'GET', '/api/notifications', ada)).body as unknown as Pushed[];
      await eventually(async () => (await listed()).length === 1);
      const [view] = await listed();

      const caughtUp = await onX({ after });
      await eventually(() => caughtUp.received.length === 1);
      expect(x.context.registry.sentRooms).toBe(1);
      expect(plain.received).toEqual([]);

      // x's push, late: ada's other socket on x gets it, the one that caught up does not, and the room goes.
      const stored = await x.deps.db
        .collection<NotificationDoc>(NOTIFICATIONS)
        .findOne({ _id: new ObjectId(view._id) });
      if (!stored) throw new Error('the notification listed is not stored');
      x.context.registry.push(stored);
      expect(x.context.registry.sentRooms).toBe(0);
      // A last message on both: one socket's messages arrive in order, so a repeat would be there before it.
      const marked: string[] = [];
      caughtUp.socket.on('notifications:read', ({ upTo }: { upTo: string }) => marked.push(upTo));
      x.context.registry.tell(ada.id, { type: 'read', upTo: view._id });
      await eventually(() => marked.length === 1 && plain.received.length === 1);
      expect(caughtUp.received.map((n) => n._id)).toEqual([view._id]);
      expect(plain.received.map((n) => n._id)).toEqual([view._id]);
    },
  );
});
