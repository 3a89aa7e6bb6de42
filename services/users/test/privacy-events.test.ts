import {
  call,
  createPost,
  follow,
  oid,
  quickUser,
  startUsers,
  unfollow,
  type User,
  type UsersHarness,
} from './harness';

/** Privacy reaches the other services as `profile.updated { isPrivate }` (docs/events.md). */
let h: UsersHarness;
beforeAll(async () => {
  h = await startUsers();
});
afterAll(() => h.stop());

const setPrivacy = (user: User, isPrivate: boolean) =>
  call(h.users, 'PUT', `/api/users/${user.id}/privacy`, { isPrivate }, user.headers);
const profileEvents = (user: User) =>
  h.db
    .collection('profile_events')
    .find({ userId: oid(user.id) })
    .sort({ _id: 1 })
    .toArray();

test('a privacy switch records profile.updated with isPrivate; an edit carries the current value', async () => {
  const ada = await quickUser(h, undefined, 'Ada');
  // Setting up the display name was an edit of a public profile.
  expect((await profileEvents(ada)).map((event) => event.isPrivate)).toEqual([false]);
  expect((await setPrivacy(ada, true)).status).toBe(200);
  expect((await call(h.users, 'PUT', `/api/users/${ada.id}`, { bio: 'hi' }, ada.headers)).status).toBe(200);
  expect((await setPrivacy(ada, false)).status).toBe(200);
  const events = (await profileEvents(ada)).slice(1);
  expect(events.map((event) => [event.type, event.isPrivate])).toEqual([
    ['profile.updated', true],
    ['profile.updated', true],
    ['profile.updated', false],
  ]);
  // The existing fields stay.
  expect(events[0]).toMatchObject({ userId: oid(ada.id), username: ada.username, displayName: 'Ada' });
});

test("going private hides the user's posts in the posts service from strangers, not from followers", async () => {
  const owner = await quickUser(h);
  const stranger = await quickUser(h);
  const fan = await quickUser(h);
  const postId = await createPost(h, owner, 'soon private');
  const detail = async (viewer: User) =>
    (await call(h.posts, 'GET', `/api/posts/${postId}`, undefined, viewer.headers)).status;

  expect((await follow(h, fan, owner.username)).status).toBe(200);
  expect((await setPrivacy(owner, true)).status).toBe(200);
  await h.drainAll();
  expect(await detail(stranger)).toBe(404);
  expect(await detail(fan)).toBe(200);
  expect(await detail(owner)).toBe(200);

  expect((await unfollow(h, fan, owner.username)).status).toBe(200);
  await h.drainAll();
  expect(await detail(fan)).toBe(404);

  expect((await setPrivacy(owner, false)).status).toBe(200);
  await h.drainAll();
  expect(await detail(stranger)).toBe(200);
});
