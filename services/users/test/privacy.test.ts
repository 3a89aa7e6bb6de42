import {
  call,
  createPost,
  follow,
  profileOf,
  quickUser,
  startUsers,
  unfollow,
  type ErrorReply,
  type User,
  type UsersHarness,
} from './harness';

let h: UsersHarness;
let owner: User;
let stranger: User;
let fan: User;
let followed: User;
beforeAll(async () => {
  h = await startUsers();
  owner = await quickUser(h, undefined, 'Private Person');
  stranger = await quickUser(h);
  fan = await quickUser(h, undefined, 'The Fan');
  followed = await quickUser(h);
  await call(h.users, 'PUT', `/api/users/${owner.id}`, { bio: 'secret bio', skills: ['Go'] }, owner.headers);
  for (let i = 0; i < 3; i++) await createPost(h, owner, `private post ${i}`);
  expect((await follow(h, fan, owner.username)).status).toBe(200);
  expect((await follow(h, owner, followed.username)).status).toBe(200);
  const reply = await call(
    h.users,
    'PUT',
    `/api/users/${owner.id}/privacy`,
    { isPrivate: true },
    owner.headers,
  );
  expect(reply.status).toBe(200);
  expect(reply.body).toEqual({ isPrivate: true, message: 'Your profile is now private' });
});
afterAll(() => h.stop());

const list = (viewer: User, path: string) =>
  call<Record<string, unknown> & ErrorReply>(
    h.users,
    'GET',
    `/api/users/${owner.username}/${path}`,
    undefined,
    viewer.headers,
  );

test('a stranger sees only the name of a private profile: no posts, lists, stats or counts', async () => {
  const reply = await profileOf(
    h,
    stranger,
    owner.username,
    '?includeFollowersData=true&includeFollowingData=true',
  );
  expect(reply.status).toBe(200);
  expect(reply.body).toEqual({
    user: {
      _id: owner.id,
      id: owner.id,
      username: owner.username,
      displayName: 'Private Person',
      isPrivate: true,
      createdAt: expect.any(String),
    },
    posts: [],
    pagination: { current: 1, pages: 0, total: 0, hasMore: false },
    isFollowing: false,
    canView: false,
    message: 'This profile is private',
  });
  for (const path of ['posts', 'followers', 'following']) {
    const hidden = await list(stranger, path);
    expect(hidden.status).toBe(403);
    expect(hidden.body).toMatchObject({ message: 'This profile is private', code: 'FORBIDDEN' });
  }
});

test('a follower sees everything: posts, followers, following, counts', async () => {
  const reply = await profileOf(
    h,
    fan,
    owner.username,
    '?includeFollowersData=true&includeFollowingData=true',
  );
  expect(reply.status).toBe(200);
  expect(reply.body.canView).toBe(true);
  expect(reply.body.isFollowing).toBe(true);
  expect(reply.body.user).toMatchObject({
    bio: 'secret bio',
    skills: ['Go'],
    followersCount: 1,
    followingCount: 1,
  });
  expect(reply.body.user.followers).toEqual([
    { _id: fan.id, username: fan.username, displayName: 'The Fan' },
  ]);
  expect(reply.body.user.following?.map((user) => user._id)).toEqual([followed.id]);
  expect(reply.body.posts.map((post) => post.content)).toEqual([
    'private post 2',
    'private post 1',
    'private post 0',
  ]);
  expect(reply.body.pagination.total).toBe(3);
  expect((await list(fan, 'posts')).body.posts).toHaveLength(3);
  expect((await list(fan, 'followers')).body.followers).toHaveLength(1);
  expect((await list(fan, 'following')).body.following).toHaveLength(1);
});

test('the owner sees their own private profile in full', async () => {
  const reply = await profileOf(h, owner, owner.username);
  expect(reply.body).toMatchObject({ canView: true, isFollowing: false, user: { bio: 'secret bio' } });
  expect(reply.body.posts).toHaveLength(3);
  expect((await list(owner, 'followers')).status).toBe(200);
});

test('following a private profile opens it, unfollowing closes it again (the follow answer follows suit)', async () => {
  const curious = await quickUser(h);
  const followed1 = await follow(h, curious, owner.username);
  expect(followed1.body).toMatchObject({ isFollowing: true, user: { bio: 'secret bio', followersCount: 2 } });
  expect((await list(curious, 'posts')).status).toBe(200);
  const left = await unfollow(h, curious, owner.username);
  expect(left.body.isFollowing).toBe(false);
  expect(left.body.user).not.toHaveProperty('bio');
  expect(left.body.user).not.toHaveProperty('followersCount');
  expect((await list(curious, 'posts')).status).toBe(403);
});

test('back to public: anyone sees it again', async () => {
  const other = await quickUser(h, undefined, 'Switcher');
  await call(h.users, 'PUT', `/api/users/${other.id}/privacy`, { isPrivate: true }, other.headers);
  expect((await profileOf(h, stranger, other.username)).body.canView).toBe(false);
  const reply = await call(
    h.users,
    'PUT',
    `/api/users/${other.id}/privacy`,
    { isPrivate: false },
    other.headers,
  );
  expect(reply.body).toEqual({ isPrivate: false, message: 'Your profile is now public' });
  expect((await profileOf(h, stranger, other.username)).body).toMatchObject({
    canView: true,
    user: { isPrivate: false },
  });
});

test("privacy of someone else's id is a 403; a malformed id a 404; a bad body a 400 with the field", async () => {
  const other = await call(
    h.users,
    'PUT',
    `/api/users/${stranger.id}/privacy`,
    { isPrivate: true },
    owner.headers,
  );
  expect(other.status).toBe(403);
  expect(other.body).toMatchObject({ message: 'You can only change your own profile', code: 'FORBIDDEN' });
  expect((await profileOf(h, owner, stranger.username)).body.user.isPrivate).toBe(false);
  const malformed = await call(
    h.users,
    'PUT',
    '/api/users/not-an-id/privacy',
    { isPrivate: true },
    owner.headers,
  );
  expect(malformed.status).toBe(404);
  for (const [body, message] of [
    [{}, 'isPrivate is required'],
    [{ isPrivate: 'yes' }, 'isPrivate must be true or false'],
  ] as const) {
    const bad = await call(h.users, 'PUT', `/api/users/${stranger.id}/privacy`, body, stranger.headers);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'VALIDATION_ERROR', errors: [{ field: 'isPrivate', message }] });
  }
});
