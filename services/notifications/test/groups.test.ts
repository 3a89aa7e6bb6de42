import type { NotificationGroup } from '@devcircle/contracts';
import { LOGS, recordEvent } from '@devcircle/service-kit';
import { ObjectId } from 'mongodb';
import { countPipeline } from '../src/notifications/groups';
import { groupOlderNotifications } from '../src/notifications/repository';
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

/**
 * Grouped notifications (issue 19), GET /api/notifications/groups: by type and target while unread, the latest
 * actors and exact counts, read groups kept as they were grouped, paging by whole groups, names and privacy.
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.stop());

async function groups(who: Person, query = ''): Promise<NotificationGroup[]> {
  const reply = await call<NotificationGroup[]>(h, 'GET', `/api/notifications/groups${query}`, who);
  if (reply.status !== 200) throw new Error(`groups: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body;
}

const named = (p: Person) => ({ _id: p.id.toHexString(), username: p.username, displayName: p.displayName });

test('grouped by type and target: latest actors newest first, distinct actors and notifications counted', async () => {
  const ada = await person(h, 'Ada');
  const [bob, cleo, dan, eve] = await Promise.all(['Bob', 'Cleo', 'Dan', 'Eve'].map((n) => person(h, n)));
  const post = new ObjectId();
  const other = new ObjectId();
  for (const fan of [bob, cleo, dan, eve]) await like(h, fan, ada, post);
  await like(h, bob, ada, other);
  await comment(h, bob, ada, post);
  await comment(h, cleo, ada, post);
  await comment(h, bob, ada, post);
  await h.drain();
  await follow(h, dan, ada);
  await follow(h, cleo, ada);
  await h.drain();

  const found = await groups(ada);
  expect(found.map((group) => group._id)).toEqual([
    'follow:you',
    `comment:${post.toHexString()}`,
    `like:${other.toHexString()}`,
    `like:${post.toHexString()}`,
  ]);
  const [follows, comments, single, likes] = found;
  expect(follows).toMatchObject({ type: 'follow', post: null, actors: [named(cleo), named(dan)], count: 2 });
  // Bob commented twice: two notifications, one actor, named once (at his newest).
  expect(comments).toMatchObject({ actors: [named(bob), named(cleo)], actorCount: 2, count: 3, read: false });
  expect(single).toMatchObject({ actors: [named(bob)], actorCount: 1, count: 1 });
  expect(likes).toEqual({
    _id: `like:${post.toHexString()}`,
    type: 'like',
    post: post.toHexString(),
    actors: [named(eve), named(dan), named(cleo)],
    actorCount: 4,
    count: 4,
    read: false,
    latestId: expect.stringMatching(/^[0-9a-f]{24}$/),
    createdAt: expect.any(String),
  });
  // The newest notification of the group is its latestId, as the spec's list shows it.
  const items = await list(h, ada);
  expect(likes.latestId).toBe(items.find((item) => item.type === 'like' && item.post === likes.post)?._id);
  // The spec's list is unchanged: one item per notification.
  expect(items).toHaveLength(10);

  // Pages of whole groups: `before` is the last group's latestId; nothing repeated or skipped.
  const paged: string[] = [];
  let before = '';
  for (;;) {
    const page = await groups(ada, `?limit=1${before}`);
    if (page.length === 0) break;
    paged.push(page[0]._id);
    before = `&before=${page[0].latestId}`;
  }
  expect(paged).toEqual(found.map((group) => group._id));
  // Each member sees their own groups only.
  expect(await groups(bob)).toEqual([]);
  // A page is a page of heads by their index, then the count of those groups' notifications by theirs.
  const heads = await h.db
    .collection('notifications')
    .find({ userId: ada.id, head: true, removed: false })
    .sort({ _id: -1 })
    .limit(20)
    .explain();
  expect(JSON.stringify(heads)).toContain('group_heads');
  const counts = await h.db
    .collection('notifications')
    .aggregate(countPipeline(ada.id, [{ groupKey: `like:${post.toHexString()}`, readIn: null }]))
    .explain();
  expect(JSON.stringify(counts)).toContain('group_members');
});

test('mark all read closes the groups as they were; what arrives later starts a new group', async () => {
  const ada = await person(h, 'Ada');
  const [bob, cleo, dan] = await Promise.all(['Bob', 'Cleo', 'Dan'].map((n) => person(h, n)));
  const post = new ObjectId();
  await like(h, bob, ada, post);
  await like(h, cleo, ada, post);
  await h.drain();
  const read = await call<{ updated: number }>(h, 'PUT', '/api/notifications/mark-all-read', ada);
  expect(read.body.updated).toBe(2);
  await like(h, dan, ada, post);
  await h.drain();

  const [fresh, old] = await groups(ada);
  expect(fresh).toMatchObject({
    _id: `like:${post.toHexString()}`,
    actors: [named(dan)],
    count: 1,
    read: false,
  });
  expect(old).toMatchObject({ actors: [named(cleo), named(bob)], count: 2, read: true });
  expect(old._id).toMatch(new RegExp(`^like:${post.toHexString()}:[0-9a-f]{24}$`));

  // Read again: the new one is a read group of its own; the old one unchanged.
  await call(h, 'PUT', '/api/notifications/mark-all-read', ada);
  const after = await groups(ada);
  expect(after.map((group) => [group.count, group.read])).toEqual([
    [1, true],
    [2, true],
  ]);
  expect(after[1]).toEqual(old);
});

test('counts stay exact while many arrive at once; delete all and a deleted post empty their groups', async () => {
  const ada = await person(h, 'Ada');
  const fans = await Promise.all(Array.from({ length: 30 }, () => person(h)));
  const post = new ObjectId();
  const other = new ObjectId();
  // Recorded at once: the consumer takes them in batches while the list is read.
  await Promise.all(fans.map((fan) => like(h, fan, ada, post)));
  await like(h, fans[0], ada, other);
  const meanwhile = await groups(ada);
  for (const group of meanwhile) expect(group.count).toBe(group.actorCount);
  await h.drain();
  const [likes] = (await groups(ada)).filter((group) => group.post === post.toHexString());
  expect(likes).toMatchObject({ count: 30, actorCount: 30 });
  expect(likes.actors).toHaveLength(3);

  // A deleted comment that was its group's newest: the group stays, headed by the comment before it.
  const commentIds = [new ObjectId(), new ObjectId()];
  await comment(h, fans[1], ada, other, commentIds[0]);
  await comment(h, fans[2], ada, other, commentIds[1]);
  await h.drain();
  await comment(h, fans[2], ada, other, commentIds[1], 'comment.deleted');
  await h.drain();
  const [comments] = await groups(ada);
  expect(comments).toMatchObject({ type: 'comment', count: 1, actors: [named(fans[1])] });

  await deletePost(h, ada, post);
  await h.drain();
  expect((await groups(ada)).map((group) => `${group.type}:${group.post}`)).toEqual([
    `comment:${other.toHexString()}`,
    `like:${other.toHexString()}`,
  ]);
  await call(h, 'DELETE', '/api/notifications/all', ada);
  expect(await groups(ada)).toEqual([]);
});

test('privacy: a deleted account is no one in a group and leaves it with its account; no post content', async () => {
  const ada = await person(h, 'Ada');
  const [bob, cleo] = await Promise.all(['Bob', 'Cleo'].map((n) => person(h, n)));
  const post = new ObjectId();
  await like(h, bob, ada, post);
  await like(h, cleo, ada, post);
  await h.drain();
  // Marked deleted before its notifications go (the deletion consumer's first step): shown as no one.
  await h.db.collection('people').updateOne({ _id: cleo.id }, { $set: { deleted: true } });
  const [group] = await groups(ada);
  expect(group.actors).toEqual([null, named(bob)]);
  expect(Object.keys(group).sort()).toEqual(
    ['_id', 'actorCount', 'actors', 'count', 'createdAt', 'latestId', 'post', 'read', 'type'].sort(),
  );
  await recordEvent(h.db, LOGS.users, { type: 'account.deleted', userId: cleo.id });
  await h.drain();
  expect((await groups(ada))[0]).toMatchObject({ actors: [named(bob)], count: 1, actorCount: 1 });
});

test('notifications stored before groups existed get their group once: unread ones by type and post, read ones alone', async () => {
  const ada = await person(h, 'Ada');
  const post = new ObjectId();
  const old = (read: boolean) => ({
    _id: new ObjectId(),
    userId: ada.id,
    key: `like:${new ObjectId().toHexString()}:${post.toHexString()}`,
    type: 'like',
    fromUserId: new ObjectId(),
    fromUser: { username: 'oldtimer', displayName: 'Old Timer' },
    postId: post,
    eventId: new ObjectId(),
    read,
    createdAt: new Date(),
    removed: false,
  });
  await h.db.collection('notifications').insertMany([old(true), old(true), old(false), old(false)]);
  // Not in a group until the start-up's one-off pass has given them theirs.
  expect(await groups(ada)).toEqual([]);
  await h.db.collection('notification_migrations').deleteMany({});
  await groupOlderNotifications(h.db);
  const found = await groups(ada);
  expect(
    found.map((group) => [group._id.startsWith(`like:${post.toHexString()}`), group.count, group.read]),
  ).toEqual([
    [true, 2, false],
    [true, 1, true],
    [true, 1, true],
  ]);
  expect(found[0].actors[0]).toMatchObject({ username: 'oldtimer', displayName: 'Old Timer' });
  // Once: the mark stops a second pass.
  await h.db.collection('notifications').insertOne(old(false));
  await groupOlderNotifications(h.db);
  expect(await h.db.collection('notifications').countDocuments({ groupKey: { $exists: false } })).toBe(1);
});

test.each([
  ['?limit=0', 'limit must be at least 1'],
  ['?limit=51', 'limit must be at most 50'],
  ['?before=nope', 'before must be a notification id'],
])('a bad groups query %s is refused with a message', async (query, message) => {
  const ada = await person(h);
  const reply = await call<{ message: string }>(h, 'GET', `/api/notifications/groups${query}`, ada);
  expect(reply.status).toBe(400);
  expect(reply.body.message).toBe(message);
  expect((await call(h, 'GET', '/api/notifications/groups')).status).toBe(401);
});
