import { RELATIONS_MAX } from '@devcircle/contracts';
import { ObjectId } from 'mongodb';
import {
  call,
  follow,
  oid,
  profileOf,
  quickUser,
  startUsers,
  storedProfile,
  type ErrorReply,
  type User,
  type UsersHarness,
} from './harness';

let h: UsersHarness;
beforeAll(async () => {
  h = await startUsers();
});
afterAll(() => h.stop());

const relation = (who: User, kind: 'block' | 'mute', whom: string, method = 'PUT') =>
  call<{ active: boolean; kind: string; user: { username: string } } & ErrorReply>(
    h.users,
    method,
    `/api/users/${whom}/${kind}`,
    undefined,
    who.headers,
  );
const listOf = (who: User, kind: 'blocks' | 'mutes', query = '') =>
  call<{ users: { username: string; since: string }[]; hasMore: boolean; nextCursor: string | null }>(
    h.users,
    'GET',
    `/api/users/me/${kind}${query}`,
    undefined,
    who.headers,
  );
const names = (users: { username: string }[] | undefined) => (users ?? []).map((user) => user.username);
const relationEvents = (ownerId: string) =>
  h.db
    .collection('relation_events')
    .find({ ownerId: oid(ownerId) })
    .sort({ _id: 1 })
    .toArray();

test('a block ends follows both ways with exact counts, and the blocker looks missing to the blocked everywhere', async () => {
  const ada = await quickUser(h);
  const bob = await quickUser(h);
  const cy = await quickUser(h);
  for (const [who, whom] of [
    [ada, bob],
    [bob, ada],
    [cy, ada],
    [bob, cy],
  ] as const)
    expect((await follow(h, who, whom.username)).status).toBe(200);

  expect((await relation(ada, 'block', ada.username)).status).toBe(400);
  const blocked = await relation(ada, 'block', bob.username);
  expect(blocked.status).toBe(200);
  expect(blocked.body).toMatchObject({ kind: 'block', active: true, user: { username: bob.username } });
  // Idempotent: a second block records nothing more.
  expect((await relation(ada, 'block', bob.username)).status).toBe(200);
  expect((await relationEvents(ada.id)).map((event) => event.type)).toEqual(['block']);

  // Follows gone both ways, counts exact, an unfollow event for each.
  expect(await storedProfile(h, ada)).toMatchObject({ followersCount: 1, followingCount: 0 });
  expect(await storedProfile(h, bob)).toMatchObject({ followersCount: 0, followingCount: 1 });
  const unfollows = await h.db
    .collection('follow_events')
    .find({ type: 'unfollow', $or: [{ targetId: oid(ada.id) }, { targetId: oid(bob.id) }] })
    .toArray();
  expect(unfollows).toHaveLength(2);

  // The blocked member: the blocker's profile, posts and lists are the 404 of a missing user; no follow.
  const missing = await profileOf(h, bob, 'nobody-here-at-all');
  for (const path of ['', '/posts', '/followers', '/following']) {
    const reply = await call<ErrorReply>(
      h.users,
      'GET',
      `/api/users/${ada.username}${path}`,
      undefined,
      bob.headers,
    );
    expect([path, reply.status, reply.body.message]).toEqual([path, 404, missing.body.message]);
  }
  expect((await follow(h, bob, ada.username)).status).toBe(404);
  // The blocker sees the profile (to unblock) with the flag, and cannot follow until unblocking.
  const seen = await profileOf(h, ada, bob.username);
  expect(seen.status).toBe(200);
  expect(seen.body).toMatchObject({ blockedByMe: true });
  expect(seen.body).not.toHaveProperty('mutedByMe');
  expect((await follow(h, ada, bob.username)).status).toBe(403);
  // Neither finds the other in search or in a third member's lists.
  const search = (who: User, term: string) =>
    call<{ username: string }[]>(h.users, 'GET', `/api/users?search=${term}`, undefined, who.headers);
  expect(names((await search(bob, ada.username)).body)).not.toContain(ada.username);
  expect(names((await search(ada, bob.username)).body)).not.toContain(bob.username);
  expect(names((await search(cy, ada.username)).body)).toContain(ada.username);
  const cyFollowers = await call<{ followers: { username: string }[] }>(
    h.users,
    'GET',
    `/api/users/${cy.username}/followers`,
    undefined,
    ada.headers,
  );
  expect(names(cyFollowers.body.followers)).not.toContain(bob.username);
  const withLists = await profileOf(h, bob, cy.username, '?includeFollowingData=true');
  expect(names(withLists.body.user.following)).not.toContain(ada.username);

  // Settings' list; unblocking brings the profile back (the follows stay ended).
  expect(names((await listOf(ada, 'blocks')).body.users)).toEqual([bob.username]);
  expect((await relation(ada, 'block', bob.username, 'DELETE')).body.active).toBe(false);
  expect((await listOf(ada, 'blocks')).body.users).toEqual([]);
  expect((await profileOf(h, bob, ada.username)).status).toBe(200);
  expect((await relationEvents(ada.id)).map((event) => event.type)).toEqual(['block', 'unblock']);
});

test('a mute is the muter’s alone: listed by cursor for them, nothing changes for the muted member', async () => {
  const ada = await quickUser(h);
  const [cy, dee] = [await quickUser(h), await quickUser(h)];
  expect((await follow(h, cy, ada.username)).status).toBe(200);
  expect((await relation(ada, 'mute', cy.username)).status).toBe(200);
  expect((await relation(ada, 'mute', dee.username)).status).toBe(200);
  expect((await profileOf(h, cy, ada.username)).body).toMatchObject({ canView: true, isFollowing: true });
  expect((await profileOf(h, ada, cy.username)).body).toMatchObject({ mutedByMe: true });
  expect(await storedProfile(h, ada)).toMatchObject({ followersCount: 1 });

  const first = await listOf(ada, 'mutes', '?limit=1');
  expect(first.body).toMatchObject({ hasMore: true, users: [{ username: dee.username }] });
  const second = await listOf(ada, 'mutes', `?limit=1&before=${first.body.nextCursor}`);
  expect(second.body).toMatchObject({ hasMore: false, users: [{ username: cy.username }] });
  expect((await listOf(ada, 'mutes', '?before=nope')).status).toBe(400);
  expect((await listOf(cy, 'mutes')).body.users).toEqual([]);
});

test(`at most ${RELATIONS_MAX} blocks per member: the next is refused with a clear message and writes nothing`, async () => {
  const ada = await quickUser(h);
  const bob = await quickUser(h);
  const now = new Date();
  await h.db.collection('relations').insertMany(
    Array.from({ length: RELATIONS_MAX }, () => ({
      _id: new ObjectId(),
      ownerId: oid(ada.id),
      targetId: new ObjectId(),
      kind: 'block',
      createdAt: now,
    })),
  );
  const refused = await relation(ada, 'block', bob.username);
  expect(refused.status).toBe(400);
  expect(refused.body.message).toBe('You can block at most 10,000 members. Unblock someone first.');
  expect(await h.db.collection('relations').countDocuments({ targetId: oid(bob.id) })).toBe(0);
  expect(await relationEvents(ada.id)).toEqual([]);
  // The other kind has its own cap.
  expect((await relation(ada, 'mute', bob.username)).status).toBe(200);
});
