import { LOGS, recordEvent } from '@devcircle/service-kit';
import { ObjectId, type Document } from 'mongodb';
import { feedQuery, type PostView } from '../src';
import { FollowRepository } from '../src/follows/repository';
import {
  call,
  createPost,
  drainConsumers,
  newUser,
  oid,
  startPosts,
  type CursorPage,
  type ErrorReply,
  type FeedPage,
  type PostsHarness,
  type User,
} from './harness';

/** Private profiles as the users service announces them: `profile.updated` and `follow_events`. */
let h: PostsHarness;
beforeAll(async () => {
  h = await startPosts();
});
afterAll(() => h.stop());

const NOT_FOUND = "This post doesn't exist or was deleted.";

async function setPrivate(user: User, isPrivate: boolean): Promise<void> {
  await recordEvent(h.db, LOGS.profiles, {
    type: 'profile.updated',
    userId: oid(user.id),
    username: user.username,
    displayName: user.username,
    isPrivate,
  });
  await drainConsumers(h.service);
}

async function followEvent(type: 'follow' | 'unfollow', follower: User, followee: User): Promise<ObjectId> {
  const id = await recordEvent(h.db, LOGS.follows, {
    type,
    actor: { _id: oid(follower.id), username: follower.username },
    targetId: oid(followee.id),
  });
  await drainConsumers(h.service);
  return id;
}

/** Every post id of the whole feed as `viewer` pages through it by cursor. */
async function cursorFeed(viewer: User): Promise<string[]> {
  const seen: string[] = [];
  let query = '?limit=3';
  for (;;) {
    const reply = await call<CursorPage>(h.service, 'GET', `/api/posts${query}`, undefined, viewer.headers);
    expect(reply.status).toBe(200);
    seen.push(...reply.body.posts.map((post) => post._id));
    if (!reply.body.hasMore) return seen;
    query = `?limit=3&before=${reply.body.nextCursor}`;
  }
}

/** The same by page number. */
async function pagedFeed(viewer: User): Promise<string[]> {
  const seen: string[] = [];
  for (let page = 1; ; page++) {
    const reply = await call<FeedPage>(
      h.service,
      'GET',
      `/api/posts?page=${page}&limit=3`,
      undefined,
      viewer.headers,
    );
    expect(reply.status).toBe(200);
    seen.push(...reply.body.posts.map((post) => post._id));
    if (!reply.body.hasMore) return seen;
  }
}

/** Both modes must agree; returns what they show. */
async function feedOf(viewer: User): Promise<string[]> {
  const byCursor = await cursorFeed(viewer);
  expect(await pagedFeed(viewer)).toEqual(byCursor);
  return byCursor;
}

const detail = (viewer: User, postId: string) =>
  call<PostView & ErrorReply>(h.service, 'GET', `/api/posts/${postId}`, undefined, viewer.headers);

/** A private author with two posts, a public one with one, and who sees what. */
async function scene() {
  const author = newUser();
  const other = newUser();
  const stranger = newUser();
  const fan = newUser();
  const hidden = [
    await createPost(h.service, author, 'private 1'),
    await createPost(h.service, author, 'private 2'),
  ];
  const open = await createPost(h.service, other, 'public');
  await setPrivate(author, true);
  return { author, other, stranger, fan, hidden: hidden.map((post) => post._id), open: open._id };
}

test("a private author's posts are hidden from a stranger, shown to the author and to a follower", async () => {
  const { author, stranger, fan, hidden, open } = await scene();
  expect(
    await h.db.collection('posts').countDocuments({ authorId: oid(author.id), authorPrivate: true }),
  ).toBe(2);

  const strangers = await feedOf(stranger);
  expect(strangers).toContain(open);
  expect(strangers).not.toEqual(expect.arrayContaining([hidden[0]]));
  expect(strangers).not.toEqual(expect.arrayContaining([hidden[1]]));
  expect(await feedOf(author)).toEqual(expect.arrayContaining([...hidden, open]));
  // Not a follower yet.
  expect(await feedOf(fan)).not.toEqual(expect.arrayContaining([hidden[0]]));

  await followEvent('follow', fan, author);
  expect(await feedOf(fan)).toEqual(expect.arrayContaining([...hidden, open]));
  expect((await detail(fan, hidden[0])).status).toBe(200);
  expect((await detail(author, hidden[0])).status).toBe(200);
  // The follow is the fan's, not everyone's.
  expect(await feedOf(stranger)).not.toEqual(expect.arrayContaining([hidden[0]]));
});

test('a stranger gets the not-found 404 for every call on a private post; a follower may like and comment', async () => {
  const { author, stranger, fan, hidden } = await scene();
  const postId = hidden[0];
  await followEvent('follow', fan, author);
  const fanComment = await call<PostView>(
    h.service,
    'POST',
    `/api/posts/${postId}/comment`,
    { text: 'hi' },
    fan.headers,
  );
  expect(fanComment.status).toBe(201);
  const commentId = fanComment.body.comments[0]._id;
  expect((await call(h.service, 'PUT', `/api/posts/${postId}/like`, undefined, fan.headers)).status).toBe(
    200,
  );

  const attempts: [string, string, unknown?][] = [
    ['GET', `/api/posts/${postId}`],
    ['PUT', `/api/posts/${postId}/like`],
    ['POST', `/api/posts/${postId}/comment`, { text: 'let me in' }],
    ['PUT', `/api/posts/${postId}/comment/${commentId}`, { text: 'edited' }],
    ['DELETE', `/api/posts/${postId}/comment/${commentId}`],
    ['GET', `/api/posts/${postId}/comments`],
    ['DELETE', `/api/posts/${postId}`],
  ];
  for (const [method, path, body] of attempts) {
    const reply = await call<ErrorReply>(h.service, method, path, body, stranger.headers);
    expect({ method, path, status: reply.status, message: reply.body.message }).toEqual({
      method,
      path,
      status: 404,
      message: NOT_FOUND,
    });
  }
  // Nothing the stranger tried was written.
  const stored = await h.db.collection('posts').findOne({ _id: oid(postId) });
  expect(stored).toMatchObject({ likesCount: 1, commentsCount: 1 });
  expect(
    await h.db.collection('likes').countDocuments({ postId: oid(postId), userId: oid(stranger.id) }),
  ).toBe(0);
});

test('going public again shows the posts to everyone; a post written while private is private from the start', async () => {
  const { author, stranger, hidden } = await scene();
  const later = await createPost(h.service, author, 'written while private');
  expect(await h.db.collection('posts').findOne({ _id: oid(later._id) })).toMatchObject({
    authorPrivate: true,
  });
  expect((await detail(stranger, later._id)).status).toBe(404);

  await setPrivate(author, false);
  expect(await feedOf(stranger)).toEqual(expect.arrayContaining([...hidden, later._id]));
  expect((await detail(stranger, later._id)).status).toBe(200);
  expect(
    (await call(h.service, 'PUT', `/api/posts/${later._id}/like`, undefined, stranger.headers)).status,
  ).toBe(200);
});

test('an older profile.updated handled late does not make a private author public again', async () => {
  const { author, stranger, hidden } = await scene();
  await h.db.collection('profile_events').insertOne({
    _id: new ObjectId(ObjectId.generate(Math.floor(Date.now() / 1000) - 5)),
    type: 'profile.updated',
    userId: oid(author.id),
    username: author.username,
    displayName: author.username,
    isPrivate: false,
    createdAt: new Date(),
  });
  await drainConsumers(h.service);
  expect((await detail(stranger, hidden[0])).status).toBe(404);
  expect(await h.db.collection('authors').findOne({ _id: oid(author.id) })).toMatchObject({
    isPrivate: true,
  });
});

test('an unfollow hides the posts again', async () => {
  const { author, fan, hidden } = await scene();
  await followEvent('follow', fan, author);
  expect((await detail(fan, hidden[0])).status).toBe(200);
  await followEvent('unfollow', fan, author);
  expect(await feedOf(fan)).not.toEqual(expect.arrayContaining([hidden[0]]));
  expect((await detail(fan, hidden[0])).status).toBe(404);
});

test('redelivered or out-of-order follow events never bring an unfollowed pair back', async () => {
  const { author, fan, hidden } = await scene();
  const followId = await followEvent('follow', fan, author);
  await followEvent('unfollow', fan, author);

  // Redelivery of the follow (as after a crash before the cursor moved): the pair keeps the newer unfollow.
  const follows = new FollowRepository(h.db);
  expect(await follows.applyEvent(oid(fan.id), oid(author.id), true, followId)).toBe(false);

  // A follow made before the unfollow, committed late (read in the look-back window): skipped too.
  await h.db.collection('follow_events').insertOne({
    _id: new ObjectId(ObjectId.generate(Math.floor(followId.getTimestamp().getTime() / 1000) - 5)),
    type: 'follow',
    actor: { _id: oid(fan.id), username: fan.username },
    targetId: oid(author.id),
    createdAt: new Date(),
  });
  await drainConsumers(h.service);
  expect(
    await h.db
      .collection('author_followers')
      .findOne({ followerId: oid(fan.id), followeeId: oid(author.id) }),
  ).toMatchObject({ following: false });
  expect((await detail(fan, hidden[0])).status).toBe(404);

  // Following again later works.
  await followEvent('follow', fan, author);
  expect((await detail(fan, hidden[0])).status).toBe(200);
});

test('a stranger who liked a post before its author went private loses sight of it; the like still counts', async () => {
  const author = newUser();
  const stranger = newUser();
  const post = await createPost(h.service, author, 'liked, then private');
  expect(
    (await call(h.service, 'PUT', `/api/posts/${post._id}/like`, undefined, stranger.headers)).status,
  ).toBe(200);
  await setPrivate(author, true);
  expect((await detail(stranger, post._id)).status).toBe(404);
  expect(
    (await call(h.service, 'PUT', `/api/posts/${post._id}/like`, undefined, stranger.headers)).status,
  ).toBe(404);
  const own = await detail(author, post._id);
  expect(own.body).toMatchObject({ likes: 1 });
});

test('an account deletion drops the user from the follows projection, both ways', async () => {
  const doomed = newUser();
  const friend = newUser();
  await followEvent('follow', doomed, friend);
  await followEvent('follow', friend, doomed);
  await recordEvent(h.db, LOGS.users, { type: 'account.deleted', userId: oid(doomed.id) });
  await drainConsumers(h.service);
  const pairs = { $or: [{ followerId: oid(doomed.id) }, { followeeId: oid(doomed.id) }] };
  expect(await h.db.collection('author_followers').countDocuments(pairs)).toBe(0);
});

test('the filtered feed query still walks the _id index (both modes), no collection scan, no sort', async () => {
  const author = newUser();
  const fan = newUser();
  for (let i = 0; i < 12; i++) await createPost(h.service, i % 3 ? author : newUser(), `mixed ${i}`);
  await setPrivate(author, true);
  const viewer = { id: oid(fan.id), privateFollowees: [oid(author.id), new ObjectId()] };
  const newest = (await h.db.collection('posts').find().sort({ _id: -1 }).limit(1).next())?._id as ObjectId;
  for (const query of [feedQuery(undefined, viewer), feedQuery(newest, viewer)]) {
    const explained = await h.db
      .collection('posts')
      .find(query.filter as Document)
      .sort(query.sort)
      .limit(11)
      .explain();
    const stages: Document[] = [];
    for (let s = explained.queryPlanner.winningPlan as Document | undefined; s; s = s.inputStage)
      stages.push(s);
    const names = stages.map((stage) => stage.stage as string);
    expect(names).toContain('IXSCAN');
    expect(names).not.toContain('COLLSCAN');
    expect(names).not.toContain('SORT');
    expect(stages.find((stage) => stage.stage === 'IXSCAN')?.keyPattern).toEqual({ _id: 1 });
  }
});
