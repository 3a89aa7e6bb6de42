import {
  call,
  createPost,
  oid,
  profileOf,
  register,
  startUsers,
  storedProfile,
  type UsersHarness,
} from './harness';

/** The whole chain with the real producers and consumers of auth, posts and users (docs/events.md). */
let h: UsersHarness;
beforeAll(async () => {
  h = await startUsers();
});
afterAll(() => h.stop());

test("registering with auth makes the profile through account_events, with the account's creation time", async () => {
  const ada = await register(h);
  await h.drainAll();
  const account = await h.db.collection('accounts').findOne({ _id: oid(ada.id) });
  expect(await storedProfile(h, ada)).toMatchObject({
    username: ada.username,
    displayName: account?.displayName,
    createdAt: account?.createdAt,
  });
});

test("a profile edit reaches the posts service's author names and auth's session user", async () => {
  const ada = await register(h);
  const postId = await createPost(h, ada, 'hello');
  const edited = await call(
    h.users,
    'PUT',
    `/api/users/${ada.id}`,
    { displayName: 'Ada Renamed' },
    ada.headers,
  );
  expect(edited.status).toBe(200);
  await h.drainAll();
  const post = await call<{ author: { displayName: string } }>(
    h.posts,
    'GET',
    `/api/posts/${postId}`,
    undefined,
    ada.headers,
  );
  expect(post.body.author).toMatchObject({ displayName: 'Ada Renamed' });
  const me = await call<{ displayName: string }>(h.auth, 'GET', '/api/auth/me', undefined, ada.headers);
  expect(me.body.displayName).toBe('Ada Renamed');
  expect((await profileOf(h, ada, ada.username)).body.posts[0].author.displayName).toBe('Ada Renamed');
});

test("an account deletion removes the user's posts through user_events", async () => {
  const ada = await register(h);
  await createPost(h, ada, 'to be removed');
  expect(await h.db.collection('posts').countDocuments({ authorId: oid(ada.id) })).toBe(1);
  const reply = await call(h.users, 'DELETE', `/api/users/${ada.id}`, undefined, ada.headers);
  expect(reply.status).toBe(200);
  await h.drainAll();
  expect(await h.db.collection('posts').countDocuments({ authorId: oid(ada.id) })).toBe(0);
  expect(await storedProfile(h, ada)).toBeNull();
});
