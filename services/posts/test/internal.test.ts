import type { PostView } from '../src';
import {
  addComment,
  call,
  createPost,
  internal,
  newUser,
  oid,
  startPosts,
  unknownId,
  type ErrorReply,
  type PostsHarness,
} from './harness';

let h: PostsHarness;
beforeAll(async () => {
  h = await startPosts();
});
afterAll(() => h.stop());

interface AuthorPosts {
  posts: PostView[];
  pagination: { current: number; pages: number; total: number; hasMore: boolean };
  stats: { posts: number; likes: number };
}

const like = (postId: string, headers: Record<string, string>) =>
  call(h.service, 'PUT', `/api/posts/${postId}/like`, undefined, headers);

test('internal routes refuse calls without the internal secret, and change nothing', async () => {
  const user = newUser('guarded');
  const post = await createPost(h.service, user);
  for (const headers of [{}, { 'x-devcircle-internal': 'wrong-secret' }, user.headers]) {
    const rename = await call<ErrorReply>(
      h.service,
      'PUT',
      `/internal/authors/${user.id}`,
      { username: 'evil' },
      headers,
    );
    expect(rename.status).toBe(403);
    expect(rename.body).toEqual({ message: 'Internal endpoint', code: 'FORBIDDEN' });
    expect(
      (await call(h.service, 'GET', `/internal/authors/${user.id}/posts`, undefined, headers)).status,
    ).toBe(403);
    expect((await call(h.service, 'DELETE', `/internal/users/${user.id}`, undefined, headers)).status).toBe(
      403,
    );
  }
  expect(await h.db.collection('authors').findOne({ _id: oid(user.id) })).toMatchObject({
    username: 'guarded',
  });
  expect(await h.db.collection('posts').countDocuments({ _id: oid(post._id) })).toBe(1);
});

test('a display name change shows at once on posts and comments', async () => {
  const ada = newUser('ada');
  const post = await createPost(h.service, ada, 'before the rename');
  await addComment(h.service, ada, post._id, 'my own comment');

  const reply = await call(
    h.service,
    'PUT',
    `/internal/authors/${ada.id}`,
    { username: 'ada_l', displayName: 'Ada Lovelace' },
    internal(),
  );
  expect(reply.status).toBe(200);
  expect(reply.body).toEqual({ _id: ada.id, username: 'ada_l', displayName: 'Ada Lovelace' });

  const view = await call<PostView>(h.service, 'GET', `/api/posts/${post._id}`, undefined, newUser().headers);
  const expected = { _id: ada.id, username: 'ada_l', displayName: 'Ada Lovelace' };
  expect(view.body.author).toEqual(expected);
  expect(view.body.comments[0].user).toEqual(expected);

  // A later write with an old token (carrying the old username) does not undo the rename.
  await addComment(h.service, ada, post._id, 'written with an old token');
  const after = await call<PostView>(h.service, 'GET', `/api/posts/${post._id}`, undefined, ada.headers);
  expect(after.body.comments.map((c) => c.user.displayName)).toEqual(['Ada Lovelace', 'Ada Lovelace']);
});

test('an empty display name falls back to the username; bad bodies and ids are 400', async () => {
  const user = newUser();
  const blank = await call(
    h.service,
    'PUT',
    `/internal/authors/${user.id}`,
    { username: 'plain', displayName: '' },
    internal(),
  );
  expect(blank.body).toEqual({ _id: user.id, username: 'plain', displayName: 'plain' });
  for (const [path, body] of [
    [`/internal/authors/${user.id}`, {}],
    [`/internal/authors/${user.id}`, { username: 'x', bio: 'no' }],
    [`/internal/authors/${user.id}`, { username: 7 }],
    ['/internal/authors/not-an-id', { username: 'x' }],
  ] as const) {
    const reply = await call<ErrorReply>(h.service, 'PUT', path, body, internal());
    expect(reply.status).toBe(400);
    expect(reply.body.code).toBe('VALIDATION_ERROR');
  }
  expect(await h.db.collection('authors').findOne({ _id: oid(user.id) })).toMatchObject({
    username: 'plain',
  });
});

test("a user's posts for the profile page, paged, newest first", async () => {
  const writer = newUser('prolific');
  const viewer = newUser();
  await createPost(h.service, newUser(), 'someone else');
  const created: PostView[] = [];
  for (let i = 0; i < 7; i++) created.push(await createPost(h.service, writer, `mine ${i}`));
  await like(created[6]._id, viewer.headers);
  const expected = created.map((p) => p._id).reverse();

  const first = await call<AuthorPosts>(
    h.service,
    'GET',
    `/internal/authors/${writer.id}/posts?limit=5`,
    undefined,
    {
      ...internal(),
      ...viewer.headers,
    },
  );
  expect(first.status).toBe(200);
  expect(first.body.posts.map((p) => p._id)).toEqual(expected.slice(0, 5));
  expect(first.body.pagination).toEqual({ current: 1, pages: 2, total: 7, hasMore: true });
  expect(first.body.posts[0]).toMatchObject({ likes: 1, likedByMe: true, author: { username: 'prolific' } });
  expect(first.body.stats).toEqual({ posts: 7, likes: 1 });

  const second = await call<AuthorPosts>(
    h.service,
    'GET',
    `/internal/authors/${writer.id}/posts?page=2&limit=5`,
    undefined,
    internal(),
  );
  expect(second.body.posts.map((p) => p._id)).toEqual(expected.slice(5));
  expect(second.body.pagination).toEqual({ current: 2, pages: 2, total: 7, hasMore: false });
  // Without a forwarded viewer nothing is liked by "me".
  expect(second.body.posts.every((p) => p.likedByMe === false)).toBe(true);

  const nobody = await call<AuthorPosts>(
    h.service,
    'GET',
    `/internal/authors/${unknownId()}/posts`,
    undefined,
    internal(),
  );
  expect(nobody.body).toEqual({
    posts: [],
    pagination: { current: 1, pages: 0, total: 0, hasMore: false },
    stats: { posts: 0, likes: 0 },
  });
  const bad = await call(
    h.service,
    'GET',
    `/internal/authors/${writer.id}/posts?limit=51`,
    undefined,
    internal(),
  );
  expect(bad.status).toBe(400);
});

test('deleting a user removes their posts (with likes and comments), likes and comments, and corrects counts', async () => {
  const doomed = newUser('doomed');
  const friend = newUser('friend');
  const own = await createPost(h.service, doomed, 'doomed post');
  const friends = await createPost(h.service, friend, 'friend post');
  // On the doomed user's post: the friend's like and comment.
  await like(own._id, friend.headers);
  await addComment(h.service, friend, own._id, 'on doomed post');
  // On the friend's post: likes and comments by both.
  await like(friends._id, doomed.headers);
  await like(friends._id, friend.headers);
  await addComment(h.service, doomed, friends._id, 'doomed says hi');
  await addComment(h.service, doomed, friends._id, 'doomed says bye');
  await addComment(h.service, friend, friends._id, 'friend stays');

  const reply = await call(h.service, 'DELETE', `/internal/users/${doomed.id}`, undefined, internal());
  expect(reply.status).toBe(200);
  expect(reply.body).toEqual({
    message: 'User content deleted',
    removed: { posts: 1, likes: 2, comments: 3, bookmarks: 0 },
  });

  const byDoomed = { $or: [{ userId: oid(doomed.id) }, { postId: oid(own._id) }] };
  expect(await h.db.collection('posts').countDocuments({ authorId: oid(doomed.id) })).toBe(0);
  expect(await h.db.collection('likes').countDocuments(byDoomed)).toBe(0);
  expect(await h.db.collection('comments').countDocuments(byDoomed)).toBe(0);
  expect(await h.db.collection('authors').countDocuments({ _id: oid(doomed.id) })).toBe(0);

  // The friend lost the doomed user's like on their post from their stats, and nothing else.
  const friendPage = await call<AuthorPosts>(
    h.service,
    'GET',
    `/internal/authors/${friend.id}/posts`,
    undefined,
    internal(),
  );
  expect(friendPage.body.stats).toEqual({ posts: 1, likes: 1 });

  const stored = await h.db.collection('posts').findOne({ _id: oid(friends._id) });
  expect(stored).toMatchObject({ likesCount: 1, commentsCount: 1 });
  const view = await call<PostView>(h.service, 'GET', `/api/posts/${friends._id}`, undefined, friend.headers);
  expect(view.body).toMatchObject({ likes: 1, likedByMe: true, commentsCount: 1 });
  expect(view.body.comments.map((c) => c.text)).toEqual(['friend stays']);

  const again = await call(h.service, 'DELETE', `/internal/users/${doomed.id}`, undefined, internal());
  expect(again.body).toEqual({
    message: 'User content deleted',
    removed: { posts: 0, likes: 0, comments: 0, bookmarks: 0 },
  });
  expect(await h.db.collection('posts').findOne({ _id: oid(friends._id) })).toMatchObject({
    likesCount: 1,
    commentsCount: 1,
  });
});

test('a comment whose user has no author record is hidden', async () => {
  const writer = newUser();
  const ghost = newUser();
  const post = await createPost(h.service, writer);
  await addComment(h.service, ghost, post._id, 'from a ghost');
  await addComment(h.service, writer, post._id, 'visible');
  await h.db.collection('authors').deleteOne({ _id: oid(ghost.id) });
  const view = await call<PostView>(h.service, 'GET', `/api/posts/${post._id}`, undefined, writer.headers);
  expect(view.body.comments.map((c) => c.text)).toEqual(['visible']);
});
