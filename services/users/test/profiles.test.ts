import { startService } from '@devcircle/service-kit';
import { ObjectId } from 'mongodb';
import { definition } from '../src';
import {
  announceAccount,
  call,
  createPost,
  follow,
  oid,
  profileOf,
  quickUser,
  register,
  startUsers,
  storedProfile,
  type User,
  type UsersHarness,
} from './harness';

let h: UsersHarness;
beforeAll(async () => {
  h = await startUsers();
});
afterAll(() => h.stop());

const NOT_FOUND = "The user you're looking for doesn't exist or has been removed.";

describe('profile creation', () => {
  test("auth's account.registered makes the profile (consumer users.accounts); handling it again changes nothing", async () => {
    const userId = new ObjectId();
    const createdAt = new Date('2024-03-01T10:00:00Z');
    const event = { userId, username: 'Grace_H', displayName: 'Grace Hopper', createdAt };
    await announceAccount(h, event);
    const stored = await h.db.collection('profiles').findOne({ _id: userId });
    expect(stored).toMatchObject({
      username: 'Grace_H',
      displayName: 'Grace Hopper',
      bio: '',
      skills: [],
      githubLink: '',
      isPrivate: false,
      createdAt,
      followersCount: 0,
      followingCount: 0,
      skillKeys: [],
    });
    expect(stored?.searchKeys).toEqual(
      expect.arrayContaining(['g', 'grace_h', 'grace hopper', 'hopper', 'h']),
    );
    // Redelivered (at least once) and a second registration event for the same account: still one profile.
    await h.db.collection('profiles').updateOne({ _id: userId }, { $set: { bio: 'kept' } });
    await announceAccount(h, { ...event, displayName: 'Other' });
    expect(await h.db.collection('profiles').countDocuments({ _id: userId })).toBe(1);
    expect(await h.db.collection('profiles').findOne({ _id: userId })).toMatchObject({
      displayName: 'Grace Hopper',
      bio: 'kept',
    });
  });

  test('an event whose account is already deleted makes no profile', async () => {
    const userId = new ObjectId();
    await h.db
      .collection('user_events')
      .insertOne({ _id: new ObjectId(), type: 'account.deleted', userId, createdAt: new Date() });
    await announceAccount(h, { userId, username: 'gone_user' });
    expect(await h.db.collection('profiles').findOne({ _id: userId })).toBeNull();
  });

  test('a user registered through auth has a profile at the first call, answered without email or password data', async () => {
    const ada = await register(h);
    const reply = await profileOf(h, ada, ada.username);
    expect(reply.status).toBe(200);
    expect(reply.body.user).toEqual({
      _id: ada.id,
      id: ada.id,
      username: ada.username,
      displayName: ada.username,
      bio: '',
      skills: [],
      githubLink: '',
      isPrivate: false,
      profileCompleted: false,
      createdAt: expect.any(String),
      followersCount: 0,
      followingCount: 0,
    });
    expect(JSON.stringify(reply.body)).not.toMatch(/email|password/i);
  });

  test("only the caller's own profile is created lazily; another unknown username is a 404", async () => {
    const ada = await quickUser(h);
    const reply = await profileOf(h, ada, 'no-such-user');
    expect(reply.status).toBe(404);
    expect(reply.body).toMatchObject({ message: NOT_FOUND, code: 'NOT_FOUND' });
    expect(await h.db.collection('profiles').findOne({ username: 'no-such-user' })).toBeNull();
  });
});

describe('the profile page', () => {
  let ada: User;
  let bob: User;
  const postIds: string[] = [];
  beforeAll(async () => {
    ada = await quickUser(h, undefined, 'Ada Lovelace');
    bob = await quickUser(h);
    for (let i = 0; i < 11; i++) postIds.push(await createPost(h, ada, `ada post ${i}`));
    // bob likes the newest post: likedByMe must be right for bob.
    expect(
      (await call(h.posts, 'PUT', `/api/posts/${postIds[10]}/like`, undefined, bob.headers)).status,
    ).toBe(200);
  });

  test("composes the user's posts from the posts service: first page, pagination with hasMore, likedByMe for the caller", async () => {
    const reply = await profileOf(h, bob, ada.username, '?limit=8');
    expect(reply.status).toBe(200);
    expect(reply.body.canView).toBe(true);
    expect(reply.body.isFollowing).toBe(false);
    expect(reply.body.posts.map((post) => post._id)).toEqual(postIds.slice(3).reverse());
    expect(reply.body.posts[0]).toMatchObject({ content: 'ada post 10', likedByMe: true });
    expect(reply.body.posts[1].likedByMe).toBe(false);
    expect(reply.body.posts[0].author).toMatchObject({ _id: ada.id, username: ada.username });
    expect(reply.body.pagination).toEqual({ current: 1, pages: 2, total: 11, hasMore: true });
    expect(reply.body).not.toHaveProperty('postsUnavailable');
    // The posts service's figures for the author, passed through.
    expect(reply.body.stats).toEqual({ posts: 11, likes: 1 });
  });

  test('the default page size is 8, the user is found in any letter case', async () => {
    const reply = await profileOf(h, bob, ada.username.toUpperCase());
    expect(reply.status).toBe(200);
    expect(reply.body.user._id).toBe(ada.id);
    expect(reply.body.posts).toHaveLength(8);
  });

  test('the posts endpoint pages on, with hasMore false on the last page', async () => {
    const reply = await call<{ posts: { _id: string }[]; pagination: Record<string, unknown> }>(
      h.users,
      'GET',
      `/api/users/${ada.username}/posts?page=2&limit=8`,
      undefined,
      bob.headers,
    );
    expect(reply.status).toBe(200);
    expect(reply.body.posts.map((post) => post._id)).toEqual(postIds.slice(0, 3).reverse());
    expect(reply.body.pagination).toEqual({ current: 2, pages: 2, total: 11, hasMore: false });
  });

  test('followers and following are embedded when asked, with isFollowing for the caller', async () => {
    expect((await follow(h, bob, ada.username)).status).toBe(200);
    const plain = await profileOf(h, bob, ada.username);
    expect(plain.body.user).not.toHaveProperty('followers');
    expect(plain.body.user).not.toHaveProperty('following');
    const reply = await profileOf(
      h,
      bob,
      ada.username,
      '?includeFollowersData=true&includeFollowingData=true',
    );
    expect(reply.body.isFollowing).toBe(true);
    expect(reply.body.user.followers).toEqual([
      { _id: bob.id, username: bob.username, displayName: bob.username },
    ]);
    expect(reply.body.user.following).toEqual([]);
    expect(reply.body.user.followersCount).toBe(1);
  });

  test('bad query parameters are 400s with field messages', async () => {
    const reply = await profileOf(h, bob, ada.username, '?limit=500&includeFollowersData=maybe');
    expect(reply.status).toBe(400);
    expect(reply.body.code).toBe('VALIDATION_ERROR');
    expect(reply.body.errors).toEqual([
      { field: 'limit', message: 'limit must be a whole number from 1 to 50' },
      { field: 'includeFollowersData', message: 'includeFollowersData must be true or false' },
    ]);
    const unknown = await profileOf(h, bob, ada.username, '?sneaky=1');
    expect(unknown.status).toBe(400);
  });

  test('with the posts service unreachable the profile still answers, posts empty and postsUnavailable', async () => {
    const dead = await startService(definition, {
      port: 0,
      env: { ...h.env, POSTS_URL: 'http://127.0.0.1:9' },
    });
    await dead.ready;
    try {
      const reply = await call(dead, 'GET', `/api/users/${ada.username}`, undefined, bob.headers);
      expect(reply.status).toBe(200);
      expect(reply.body).toMatchObject({
        user: { _id: ada.id },
        posts: [],
        pagination: { current: 1, pages: 0, total: 0, hasMore: false },
        postsUnavailable: true,
        canView: true,
      });
      const posts = await call(dead, 'GET', `/api/users/${ada.username}/posts`, undefined, bob.headers);
      expect(posts.status).toBe(502);
      expect(posts.body).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE' });
    } finally {
      await dead.stop();
    }
  });

  test('every route needs the identity header', async () => {
    for (const path of ['/api/users', `/api/users/${ada.username}`, `/api/users/${ada.username}/posts`]) {
      expect((await call(h.users, 'GET', path)).status).toBe(401);
    }
  });
});

test('a stored profile never holds email or password data', async () => {
  const ada = await register(h);
  await profileOf(h, ada, ada.username);
  const stored = await storedProfile(h, ada);
  expect(stored).not.toBeNull();
  expect(Object.keys(stored ?? {})).not.toEqual(expect.arrayContaining(['email']));
  expect(JSON.stringify(stored)).not.toContain(ada.email);
  expect(stored?._id).toEqual(oid(ada.id));
});
