import { ObjectId } from 'mongodb';
import {
  call,
  comment,
  deletePost,
  follow,
  like,
  list,
  person,
  startHarness,
  type Harness,
  type Person,
} from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.stop());

let ada: Person;
let bob: Person;
beforeEach(async () => {
  ada = await person(h, 'Ada Lovelace');
  bob = await person(h, 'Bob Builder');
});

test('a like, a comment and a follow each notify, newest first, with the sender and the post', async () => {
  const post = new ObjectId();
  await like(h, bob, ada, post);
  await comment(h, bob, ada, post);
  // The follow's log has its own consumer: drained in between so the newest-first order is this one.
  await h.drain();
  await follow(h, bob, ada);
  await h.drain();
  const items = await list(h, ada);
  expect(items.map((item) => item.type)).toEqual(['follow', 'comment', 'like']);
  const sender = { _id: bob.id.toHexString(), username: bob.username, displayName: 'Bob Builder' };
  expect(items[2]).toEqual({
    _id: expect.stringMatching(/^[0-9a-f]{24}$/),
    type: 'like',
    fromUser: sender,
    post: post.toHexString(),
    read: false,
    createdAt: expect.any(String),
  });
  expect(items[0]).toMatchObject({ fromUser: sender, post: null });
  expect(await list(h, bob)).toEqual([]);
});

test('acting on one’s own post or following oneself notifies nobody; unlike and unfollow notify nobody', async () => {
  const post = new ObjectId();
  await like(h, ada, ada, post);
  await comment(h, ada, ada, post);
  await follow(h, ada, ada);
  await like(h, bob, ada, post, 'unlike');
  await follow(h, bob, ada, 'unfollow');
  await h.drain();
  expect(await list(h, ada)).toEqual([]);
});

test('a redelivered event makes one notification, and so does liking again after an unlike', async () => {
  const post = new ObjectId();
  await like(h, bob, ada, post);
  await h.drain();
  // Redelivery: the consumers forget where they were and read the whole log again after a restart.
  await h.db.collection('event_cursors').deleteMany({});
  await h.restart();
  await h.drain();
  await like(h, bob, ada, post, 'unlike');
  await like(h, bob, ada, post);
  await follow(h, bob, ada);
  await follow(h, bob, ada, 'unfollow');
  await follow(h, bob, ada);
  await h.drain();
  const items = await list(h, ada);
  expect(items.map((item) => item.type)).toEqual(['follow', 'like']);
  expect(await h.db.collection('notifications').countDocuments({ userId: ada.id })).toBe(2);
});

test('every comment notifies: two comments, two notifications', async () => {
  const post = new ObjectId();
  await comment(h, bob, ada, post);
  await comment(h, bob, ada, post);
  await h.drain();
  expect((await list(h, ada)).map((item) => item.type)).toEqual(['comment', 'comment']);
});

test('the list shows the sender’s current names after a profile edit', async () => {
  await follow(h, bob, ada);
  await h.drain();
  const { LOGS, recordEvent } = await import('@devcircle/service-kit');
  await recordEvent(h.db, LOGS.profiles, {
    type: 'profile.updated',
    userId: bob.id,
    username: bob.username,
    displayName: 'Robert the Builder',
    isPrivate: false,
  });
  await h.drain();
  expect((await list(h, ada))[0].fromUser.displayName).toBe('Robert the Builder');
});

test('pages: 20 by default, `limit` up to 50, `before` for older ones, nothing repeated or skipped', async () => {
  const fans = await Promise.all(Array.from({ length: 23 }, () => person(h)));
  for (const fan of fans) await follow(h, fan, ada);
  await h.drain();
  const first = await list(h, ada);
  expect(first).toHaveLength(20);
  const rest = await list(h, ada, `?before=${first[19]._id}`);
  expect(rest).toHaveLength(3);
  const all = [...first, ...rest];
  expect(new Set(all.map((item) => item.fromUser.username))).toEqual(
    new Set(fans.map((fan) => fan.username)),
  );
  // Newest first: the last follow recorded is on top.
  expect(first[0].fromUser.username).toBe(fans[22].username);
  expect(await list(h, ada, '?limit=5')).toEqual(first.slice(0, 5));
  expect(await list(h, ada, '?limit=50')).toHaveLength(23);
});

test.each([
  ['?limit=0', 'limit must be at least 1'],
  ['?limit=51', 'limit must be at most 50'],
  ['?limit=ten', 'limit must be a number'],
  ['?before=nope', 'before must be a notification id'],
  ['?page=2', 'page is not allowed'],
])('a bad query %s is refused with a message', async (query, message) => {
  const reply = await call<{ message: string }>(h, 'GET', `/api/notifications${query}`, ada);
  expect(reply.status).toBe(400);
  expect(reply.body.message).toBe(message);
});

test.each([
  ['GET', '/api/notifications'],
  ['PUT', '/api/notifications/mark-all-read'],
  ['DELETE', '/api/notifications/all'],
])('%s %s needs a signed-in caller', async (method, path) => {
  expect((await call(h, method, path)).status).toBe(401);
});

test('mark all as read changes only the caller’s notifications', async () => {
  const cleo = await person(h);
  const post = new ObjectId();
  await like(h, bob, ada, post);
  await follow(h, bob, ada);
  await follow(h, bob, cleo);
  await h.drain();
  const reply = await call(h, 'PUT', '/api/notifications/mark-all-read', ada);
  expect(reply.status).toBe(200);
  expect(reply.body).toEqual({ message: 'All notifications marked as read', updated: 2 });
  expect((await list(h, ada)).map((item) => item.read)).toEqual([true, true]);
  expect((await list(h, cleo)).map((item) => item.read)).toEqual([false]);
  // New ones after it are unread again.
  await comment(h, bob, ada, post);
  await h.drain();
  expect((await list(h, ada)).map((item) => item.read)).toEqual([false, true, true]);
});

test('delete all empties only the caller’s list, and a redelivery does not bring anything back', async () => {
  const cleo = await person(h);
  const post = new ObjectId();
  await like(h, bob, ada, post);
  await follow(h, bob, cleo);
  await h.drain();
  const reply = await call(h, 'DELETE', '/api/notifications/all', ada);
  expect(reply.status).toBe(200);
  expect(reply.body).toEqual({ message: 'All notifications deleted', deleted: 1 });
  expect(await list(h, ada)).toEqual([]);
  expect(await list(h, cleo)).toHaveLength(1);
  await h.db.collection('event_cursors').deleteMany({});
  await h.restart();
  await h.drain();
  expect(await list(h, ada)).toEqual([]);
  // Something new still arrives.
  await comment(h, bob, ada, post);
  await h.drain();
  expect((await list(h, ada)).map((item) => item.type)).toEqual(['comment']);
});

test('an account deletion removes what it received and what it caused, and nothing new is made for it', async () => {
  const { LOGS, recordEvent } = await import('@devcircle/service-kit');
  const post = new ObjectId();
  await follow(h, bob, ada);
  await like(h, ada, bob, post);
  await h.drain();
  await recordEvent(h.db, LOGS.users, { type: 'account.deleted', userId: bob.id });
  await h.drain();
  expect(await list(h, ada)).toEqual([]);
  expect(await h.db.collection('notifications').countDocuments({ userId: bob.id })).toBe(0);
  await comment(h, bob, ada, post);
  await follow(h, ada, bob);
  await h.drain();
  expect(await list(h, ada)).toEqual([]);
  expect(await h.db.collection('notifications').countDocuments({ userId: bob.id })).toBe(0);
});

test('a deleted post takes its notifications with it, a deleted comment its own; redelivery brings none back', async () => {
  const post = new ObjectId();
  const other = new ObjectId();
  const kept = new ObjectId();
  const gone = new ObjectId();
  await like(h, bob, ada, post);
  await comment(h, bob, ada, post);
  await comment(h, bob, ada, other, kept);
  await comment(h, bob, ada, other, gone);
  // The follow comes from another log, whose consumer runs beside the posts one: made a notification only once
  // the comments are, so the list's newest-first order is the order written here (a loaded machine once
  // processed the follow first).
  await h.drain();
  await follow(h, bob, ada);
  await h.drain();
  expect(await list(h, ada)).toHaveLength(5);

  await comment(h, bob, ada, other, gone, 'comment.deleted');
  await deletePost(h, ada, post);
  await h.drain();
  const left = await list(h, ada);
  expect(left.map((item) => [item.type, item.post])).toEqual([
    ['follow', null],
    ['comment', other.toHexString()],
  ]);

  await h.db.collection('event_cursors').deleteMany({});
  await h.restart();
  await h.drain();
  expect(await list(h, ada)).toEqual(left);
});

test('the queries use their indexes', async () => {
  const explain = (await h.db
    .collection('notifications')
    .find({ userId: ada.id, removed: false })
    .sort({ _id: -1 })
    .limit(20)
    .explain()) as { queryPlanner: { winningPlan: unknown } };
  expect(JSON.stringify(explain.queryPlanner.winningPlan)).toContain('inbox_newest');
});
