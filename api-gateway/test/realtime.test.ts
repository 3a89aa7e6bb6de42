import { bearer, eventually, sign } from './helpers';
import {
  connected,
  listen,
  publish,
  refusal,
  register,
  send,
  type Listener,
  type Member,
  type Pushed,
} from './realtime-support';
import { startStack, type Stack } from './stack';

/** The notifications socket through the gateway, with the real producers (posts, users) behind it. */
let stack: Stack;
let url: string;
const listeners: Listener[] = [];
beforeAll(async () => {
  // Every member registers from 127.0.0.1: the per-IP registration limits would count the whole file.
  stack = await startStack({
    RATE_LIMIT_REGISTER_PER_IP: '1000',
    RATE_LIMIT_CONFIRM_REGISTRATION_PER_IP: '1000',
  });
  url = stack.gateway.url;
});
afterEach(() => {
  for (const listener of listeners.splice(0)) listener.close();
});
afterAll(() => stack.stop());

function socketOf(member: Member, extra: Record<string, unknown> = {}, query: Record<string, string> = {}) {
  const listener = listen(url, () => ({ token: member.token, ...extra }), query);
  listeners.push(listener);
  return listener;
}

const listOf = async (member: Member): Promise<Pushed[]> =>
  (await send(url, 'GET', '/api/notifications', member)).body as unknown as Pushed[];

test('a handshake without a token, or with a bad one, is refused', async () => {
  const anonymous = listen(url, () => ({}));
  listeners.push(anonymous);
  expect((await refusal(anonymous)).message).toBe('Authentication required');
  const forged = listen(url, () => ({ token: 'not.a.token' }));
  listeners.push(forged);
  // The gateway's wording for a bad token (one check, service-kit's, for HTTP and sockets).
  expect((await refusal(forged)).message).toBe('Authentication required');
});

test('a like, a comment and a follow reach the author’s socket live, as the list returns them', async () => {
  const ada = await register(url, stack.outboxDir, 'ada');
  const bob = await register(url, stack.outboxDir, 'bob');
  const socket = socketOf(ada, {}, { userId: ada.id });
  await connected(socket);
  const post = await publish(url, ada);
  expect((await send(url, 'PUT', `/api/posts/${post}/like`, bob)).status).toBe(200);
  expect((await send(url, 'POST', `/api/posts/${post}/comment`, bob, { text: 'Nice!' })).status).toBe(201);
  expect((await send(url, 'PUT', `/api/users/${ada.username}/follow`, bob)).status).toBe(200);
  await eventually(() => socket.received.length === 3);
  expect(socket.received.map((n) => n.type).sort()).toEqual(['comment', 'follow', 'like']);
  const listed = await listOf(ada);
  expect([...socket.received].reverse()).toEqual(listed);
  expect(listed[2]).toMatchObject({ type: 'like', post, read: false, fromUser: { username: bob.username } });
});

test('the list shows a sender’s new display name after they edit their profile', async () => {
  const ada = await register(url, stack.outboxDir, 'ada');
  const bob = await register(url, stack.outboxDir, 'bob');
  await send(url, 'PUT', `/api/users/${ada.username}/follow`, bob);
  await eventually(async () => (await listOf(ada)).length === 1);
  expect(
    (await send(url, 'PUT', `/api/users/${bob.id}`, bob, { displayName: 'Bob the Builder' })).status,
  ).toBe(200);
  await eventually(async () => (await listOf(ada))[0].fromUser.displayName === 'Bob the Builder');
});

test('mark all as read and delete all reach the user’s other sockets (another tab, another device)', async () => {
  const ada = await register(url, stack.outboxDir, 'ada');
  const bob = await register(url, stack.outboxDir, 'bob');
  const tabs = [socketOf(ada), socketOf(ada)];
  await Promise.all(tabs.map(connected));
  const changes = tabs.map((tab) => {
    const seen: string[] = [];
    tab.socket.on('notifications:read', ({ upTo }: { upTo: string }) => seen.push(`read ${upTo}`));
    tab.socket.on('notifications:cleared', ({ upTo }: { upTo: string }) => seen.push(`cleared ${upTo}`));
    return seen;
  });
  await send(url, 'PUT', `/api/users/${ada.username}/follow`, bob);
  await eventually(() => tabs.every((tab) => tab.received.length === 1));
  const newest = tabs[0].received[0]._id;

  expect((await send(url, 'PUT', '/api/notifications/mark-all-read', ada)).body).toMatchObject({
    updated: 1,
  });
  await eventually(() => changes.every((seen) => seen.length === 1));
  expect((await send(url, 'DELETE', '/api/notifications/all', ada)).body).toMatchObject({ deleted: 1 });
  await eventually(() => changes.every((seen) => seen.length === 2));
  for (const seen of changes) expect(seen).toEqual([`read ${newest}`, `cleared ${newest}`]);
  // Nothing left to change: no signal.
  expect((await send(url, 'PUT', '/api/notifications/mark-all-read', ada)).body).toMatchObject({
    updated: 0,
  });
});

test('a deleted comment or post takes its notifications out of open lists', async () => {
  const ada = await register(url, stack.outboxDir, 'ada');
  const bob = await register(url, stack.outboxDir, 'bob');
  const socket = socketOf(ada);
  await connected(socket);
  const removed: string[][] = [];
  socket.socket.on('notifications:removed', ({ ids }: { ids: string[] }) => removed.push(ids));
  const post = await publish(url, ada);
  await send(url, 'PUT', `/api/posts/${post}/like`, bob);
  const commented = await send(url, 'POST', `/api/posts/${post}/comment`, bob, { text: 'Oops' });
  await eventually(() => socket.received.length === 2);
  const byType = Object.fromEntries(socket.received.map((n) => [n.type, n._id]));

  const commentId = (commented.body.comments as { _id: string }[])[0]._id;
  expect((await send(url, 'DELETE', `/api/posts/${post}/comment/${commentId}`, bob)).status).toBe(200);
  await eventually(() => removed.length === 1);
  expect(removed[0]).toEqual([byType.comment]);
  expect((await listOf(ada)).map((n) => n.type)).toEqual(['like']);

  expect((await send(url, 'DELETE', `/api/posts/${post}`, ada)).status).toBe(200);
  await eventually(() => removed.length === 2);
  expect(removed[1]).toEqual([byType.like]);
  expect(await listOf(ada)).toEqual([]);
});

test('a socket with its own token and another user’s id is refused and hears nothing of theirs', async () => {
  const ada = await register(url, stack.outboxDir, 'ada');
  const eve = await register(url, stack.outboxDir, 'eve');
  const bob = await register(url, stack.outboxDir, 'bob');
  const spy = socketOf(eve, {}, { userId: ada.id });
  expect((await refusal(spy)).message).toBe('userId does not match the token');
  // Eve's own socket hears only Eve's notifications.
  const eves = socketOf(eve, {}, { userId: eve.id });
  const adas = socketOf(ada);
  await Promise.all([connected(eves), connected(adas)]);
  const post = await publish(url, ada);
  await send(url, 'PUT', `/api/posts/${post}/like`, bob);
  await eventually(() => adas.received.length === 1);
  // Then something for Eve: once it arrived, anything of Ada's would have arrived before it.
  await send(url, 'PUT', `/api/users/${eve.username}/follow`, bob);
  await eventually(() => eves.received.length === 1);
  expect(eves.received[0]).toMatchObject({ type: 'follow', fromUser: { username: bob.username } });
  expect(spy.received).toEqual([]);
});

test('a password change revokes the old token: its socket is disconnected and cannot come back', async () => {
  const ada = await register(url, stack.outboxDir, 'ada');
  const socket = socketOf(ada);
  await connected(socket);
  const disconnected = new Promise<string>((resolve) => socket.socket.once('disconnect', resolve));
  const change = await send(url, 'PUT', `/api/users/${ada.id}/password`, ada, {
    currentPassword: 'realtime-pass1',
    newPassword: 'realtime-pass2',
    confirmPassword: 'realtime-pass2',
  });
  expect(change.status).toBe(200);
  expect(await disconnected).toBe('io server disconnect');
  const again = socketOf(ada);
  expect((await refusal(again)).message).toBe('Your session is no longer valid. Please log in again.');
  const renewed = socketOf({ ...ada, token: change.body.token as string });
  await connected(renewed);
});

test('the socket handshake and the HTTP API refuse a revoked, an expired or a bad token alike', async () => {
  const ada = await register(url, stack.outboxDir, 'ada');
  // Ada's socket with the old token ends once notifications knows the revocation: then both know it.
  const socket = socketOf(ada);
  await connected(socket);
  const disconnected = new Promise<string>((resolve) => socket.socket.once('disconnect', resolve));
  const change = await send(url, 'PUT', `/api/users/${ada.id}/password`, ada, {
    currentPassword: 'realtime-pass1',
    newPassword: 'realtime-pass2',
    confirmPassword: 'realtime-pass2',
  });
  expect(change.status).toBe(200);
  await disconnected;
  const user = { userId: ada.id, username: ada.username, email: `${ada.username}@example.com`, tv: 1 };
  const tokens = {
    revoked: ada.token,
    expired: sign(user, { expiresIn: -10 }),
    bad: 'not.a.token',
  };

  const refusals: Record<string, unknown> = {};
  for (const [kind, token] of Object.entries(tokens)) {
    const http = await send(url, 'GET', '/api/notifications', { ...ada, token, auth: bearer(token) });
    const socketRefusal = await refusal(socketOf({ ...ada, token }));
    expect({ kind, status: http.status }).toEqual({ kind, status: 401 });
    expect({ kind, socket: { message: socketRefusal.message, code: socketRefusal.data?.code } }).toEqual({
      kind,
      socket: { message: http.body.message, code: http.body.code },
    });
    refusals[kind] = http.body.code;
  }
  expect(refusals).toEqual({ revoked: 'TOKEN_REVOKED', expired: 'TOKEN_EXPIRED', bad: 'UNAUTHORIZED' });
});

test('likes made while the service is stopped become notifications when it is back, and are pushed', async () => {
  const ada = await register(url, stack.outboxDir, 'ada');
  const bob = await register(url, stack.outboxDir, 'bob');
  const posts = [
    await publish(url, ada, 'one'),
    await publish(url, ada, 'two'),
    await publish(url, ada, 'three'),
  ];
  // The shell's client: after a reconnection it names the newest notification it has (the handshake runs
  // once the connection is open, after \`socket\` is assigned).
  const socket: Listener = listen(url, () => ({ token: ada.token, after: socket.received.at(-1)?._id }));
  listeners.push(socket);
  await connected(socket);
  await send(url, 'PUT', `/api/posts/${posts[0]}/like`, bob);
  await eventually(() => socket.received.length === 1);

  await stack.stopService('notifications');
  for (const post of posts.slice(1))
    expect((await send(url, 'PUT', `/api/posts/${post}/like`, bob)).status).toBe(200);
  await stack.startService('notifications');

  await eventually(async () => (await listOf(ada)).length === 3);
  await eventually(() => socket.received.length === 3);
  expect(socket.repeats()).toEqual([]);
  expect(socket.received.map((n) => n.post).sort()).toEqual([...posts].sort());
});
