import { ObjectId } from 'mongodb';
import {
  call,
  follow,
  identityHeader,
  oid,
  quickUser,
  startUsers,
  storedProfile,
  unfollow,
  type User,
  type UsersHarness,
} from './harness';

let h: UsersHarness;
beforeAll(async () => {
  h = await startUsers();
});
afterAll(() => h.stop());

const followDocs = (query: Record<string, unknown>) => h.db.collection('follows').countDocuments(query);
const events = (query: Record<string, unknown>) => h.db.collection('follow_events').find(query).toArray();

/** The stored counts of a profile and the number of follows documents they count. */
async function countsOf(user: User) {
  const profile = await storedProfile(h, user);
  return {
    followersCount: profile?.followersCount as number,
    followingCount: profile?.followingCount as number,
    followers: await followDocs({ followeeId: oid(user.id) }),
    following: await followDocs({ followerId: oid(user.id) }),
  };
}

test('following answers the followee with its new counts and records one follow event', async () => {
  const ada = await quickUser(h);
  const bob = await quickUser(h);
  const reply = await follow(h, ada, bob.username);
  expect(reply.status).toBe(200);
  expect(reply.body.isFollowing).toBe(true);
  expect(reply.body.user).toMatchObject({
    _id: bob.id,
    username: bob.username,
    followersCount: 1,
    followingCount: 0,
  });
  expect(await countsOf(ada)).toMatchObject({ followingCount: 1, following: 1 });
  expect(await countsOf(bob)).toMatchObject({ followersCount: 1, followers: 1 });
  const recorded = await events({ targetId: oid(bob.id) });
  expect(recorded).toEqual([
    expect.objectContaining({
      type: 'follow',
      actor: { _id: oid(ada.id), username: ada.username },
      targetId: oid(bob.id),
      createdAt: expect.any(Date),
    }),
  ]);
});

test('follow and unfollow are idempotent: a repeat changes nothing and records no event', async () => {
  const ada = await quickUser(h);
  const bob = await quickUser(h);
  for (let i = 0; i < 3; i++) {
    const reply = await follow(h, ada, bob.username);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ isFollowing: true, user: { followersCount: 1 } });
  }
  expect(await events({ targetId: oid(bob.id), type: 'follow' })).toHaveLength(1);
  for (let i = 0; i < 3; i++) {
    const reply = await unfollow(h, ada, bob.username);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ isFollowing: false, user: { followersCount: 0 } });
  }
  expect(await events({ targetId: oid(bob.id), type: 'unfollow' })).toHaveLength(1);
  expect(await countsOf(ada)).toEqual({ followersCount: 0, followingCount: 0, followers: 0, following: 0 });
  expect(await countsOf(bob)).toEqual({ followersCount: 0, followingCount: 0, followers: 0, following: 0 });
});

test('nobody can follow or unfollow themselves (400), in any letter case', async () => {
  const ada = await quickUser(h);
  for (const path of ['follow', 'unfollow']) {
    const reply = await call(
      h.users,
      'PUT',
      `/api/users/${ada.username.toUpperCase()}/${path}`,
      undefined,
      ada.headers,
    );
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ message: 'You cannot follow yourself' });
  }
  expect(await countsOf(ada)).toEqual({ followersCount: 0, followingCount: 0, followers: 0, following: 0 });
});

test('an unknown user is a 404; no identity is a 401', async () => {
  const ada = await quickUser(h);
  const missing = await follow(h, ada, 'nobody-by-that-name');
  expect(missing.status).toBe(404);
  expect(missing.body.message).toBe("The user you're looking for doesn't exist or has been removed.");
  const anonymous = await call(h.users, 'PUT', `/api/users/${ada.username}/follow`);
  expect(anonymous.status).toBe(401);
});

test('counts stay exact under concurrent follows and unfollows from many users', async () => {
  const star = await quickUser(h);
  const fans = await Promise.all(Array.from({ length: 30 }, () => quickUser(h)));
  // Every fan follows at the same time, and the first ten each send their follow five times at once.
  await Promise.all(
    fans.flatMap((fan, i) => Array.from({ length: i < 10 ? 5 : 1 }, () => follow(h, fan, star.username))),
  );
  expect(await countsOf(star)).toMatchObject({ followersCount: 30, followers: 30 });
  for (const fan of fans) expect(await countsOf(fan)).toMatchObject({ followingCount: 1, following: 1 });
  expect(await events({ targetId: oid(star.id), type: 'follow' })).toHaveLength(30);

  // Half unfollow (each three times at once) while the other half follow again.
  await Promise.all(
    fans.flatMap((fan, i) =>
      i % 2
        ? Array.from({ length: 3 }, () => unfollow(h, fan, star.username))
        : [follow(h, fan, star.username)],
    ),
  );
  expect(await countsOf(star)).toMatchObject({ followersCount: 15, followers: 15 });
  expect(await events({ targetId: oid(star.id), type: 'unfollow' })).toHaveLength(15);
});

test("one user's follows and unfollows racing each other leave the counts equal to the documents", async () => {
  const star = await quickUser(h);
  const fan = await quickUser(h);
  await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      i % 2 ? unfollow(h, fan, star.username) : follow(h, fan, star.username),
    ),
  );
  const star1 = await countsOf(star);
  const fan1 = await countsOf(fan);
  expect(star1.followersCount).toBe(star1.followers);
  expect(fan1.followingCount).toBe(fan1.following);
  expect([0, 1]).toContain(star1.followers);
});

test('a follower list and following list answer newest first with hasMore', async () => {
  const star = await quickUser(h, undefined, 'Star Person');
  const fans: User[] = [];
  for (let i = 0; i < 5; i++) {
    const fan = await quickUser(h);
    fans.push(fan);
    expect((await follow(h, fan, star.username)).status).toBe(200);
  }
  const page1 = await call<{ followers: { _id: string; username: string }[]; hasMore: boolean }>(
    h.users,
    'GET',
    `/api/users/${star.username}/followers?limit=3`,
    undefined,
    fans[0].headers,
  );
  expect(page1.status).toBe(200);
  expect(page1.body.followers.map((f) => f.username)).toEqual(
    [fans[4], fans[3], fans[2]].map((f) => f.username),
  );
  expect(page1.body.hasMore).toBe(true);
  const page2 = await call<{ followers: { _id: string }[]; hasMore: boolean }>(
    h.users,
    'GET',
    `/api/users/${star.username}/followers?limit=3&page=2`,
    undefined,
    fans[0].headers,
  );
  expect(page2.body.followers.map((f) => f._id)).toEqual([fans[1].id, fans[0].id]);
  expect(page2.body.hasMore).toBe(false);

  const following = await call<{ following: unknown[]; hasMore: boolean }>(
    h.users,
    'GET',
    `/api/users/${fans[0].username}/following`,
    undefined,
    star.headers,
  );
  expect(following.body).toEqual({
    following: [{ _id: star.id, username: star.username, displayName: 'Star Person' }],
    hasMore: false,
  });
});

test('the follower of a follow must have a profile: a first follow creates it from the identity', async () => {
  const star = await quickUser(h);
  const id = new ObjectId().toHexString();
  const newcomer: User = {
    id,
    username: 'newcomer1',
    email: 'newcomer1@example.com',
    token: '',
    headers: identityHeader({ id, username: 'newcomer1', email: 'newcomer1@example.com' }),
  };
  expect((await follow(h, newcomer, star.username)).status).toBe(200);
  expect(await countsOf(newcomer)).toMatchObject({ followingCount: 1, following: 1 });
  expect(await storedProfile(h, newcomer)).toMatchObject({ username: 'newcomer1', displayName: 'newcomer1' });
});
