import type { PostView, StoredPostEvent } from '../src';
import {
  call,
  createPost,
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

const like = (postId: string, headers: Record<string, string>) =>
  call<PostView & ErrorReply>(h.service, 'PUT', `/api/posts/${postId}/like`, undefined, headers);

async function storedCounts(postId: string) {
  const post = await h.db.collection('posts').findOne({ _id: oid(postId) });
  const likes = await h.db
    .collection('likes')
    .find({ postId: oid(postId) })
    .toArray();
  return {
    likesCount: post?.likesCount as number,
    likeDocs: likes.length,
    users: new Set(likes.map((l) => l.userId.toHexString())).size,
  };
}

test('a like toggles: on, off, on again, and shows in likedByMe for that user only', async () => {
  const author = newUser();
  const fan = newUser();
  const post = await createPost(h.service, author);

  const on = await like(post._id, fan.headers);
  expect(on.status).toBe(200);
  expect(on.body).toMatchObject({ _id: post._id, likes: 1, likedByMe: true });

  const seenByAuthor = await call<PostView>(
    h.service,
    'GET',
    `/api/posts/${post._id}`,
    undefined,
    author.headers,
  );
  expect(seenByAuthor.body).toMatchObject({ likes: 1, likedByMe: false });
  const seenByFan = await call<PostView>(h.service, 'GET', `/api/posts/${post._id}`, undefined, fan.headers);
  expect(seenByFan.body).toMatchObject({ likes: 1, likedByMe: true });

  const off = await like(post._id, fan.headers);
  expect(off.body).toMatchObject({ likes: 0, likedByMe: false });
  expect(await storedCounts(post._id)).toEqual({ likesCount: 0, likeDocs: 0, users: 0 });

  const again = await like(post._id, fan.headers);
  expect(again.body).toMatchObject({ likes: 1, likedByMe: true });
  expect(await storedCounts(post._id)).toEqual({ likesCount: 1, likeDocs: 1, users: 1 });
});

test('40 concurrent like requests from 20 users: one like per user, the count equals the documents', async () => {
  const post = await createPost(h.service, newUser());
  const users = Array.from({ length: 20 }, () => newUser());
  // Ten users send one request, ten send three at once (odd, so each ends liking the post): 40 in all.
  const requests = users.flatMap((user, i) => Array.from({ length: i < 10 ? 1 : 3 }, () => user));
  expect(requests).toHaveLength(40);
  const replies = await Promise.all(requests.map((user) => like(post._id, user.headers)));
  expect(replies.every((reply) => reply.status === 200)).toBe(true);
  expect(await storedCounts(post._id)).toEqual({ likesCount: 20, likeDocs: 20, users: 20 });

  const view = await call<PostView>(h.service, 'GET', `/api/posts/${post._id}`, undefined, users[15].headers);
  expect(view.body).toMatchObject({ likes: 20, likedByMe: true });
});

test('concurrent pairs from the same users cancel out exactly', async () => {
  const post = await createPost(h.service, newUser());
  const users = Array.from({ length: 10 }, () => newUser());
  await Promise.all(users.flatMap((user) => [like(post._id, user.headers), like(post._id, user.headers)]));
  expect(await storedCounts(post._id)).toEqual({ likesCount: 0, likeDocs: 0, users: 0 });
});

test('16 members toggling 2 posts at once (batched): counts, likes and one event per toggle all agree', async () => {
  const authors = [newUser(), newUser()];
  const posts = await Promise.all([0, 1].map((i) => createPost(h.service, authors[i])));
  const members = Array.from({ length: 16 }, () => newUser());
  // Each member toggles each post 1-3 times, all requests at once: many land in one batch, some of them the same
  // member's twice on the same post (a like and its unlike in the same transaction).
  const times = (m: number, p: number) => 1 + ((m + p) % 3);
  const replies = await Promise.all(
    members.flatMap((member, m) =>
      posts.flatMap((post, p) => Array.from({ length: times(m, p) }, () => like(post._id, member.headers))),
    ),
  );
  expect(replies.every((reply) => reply.status === 200)).toBe(true);
  for (const [p, post] of posts.entries()) {
    const expected = members.filter((_, m) => times(m, p) % 2 === 1).length;
    expect(await storedCounts(post._id)).toEqual({
      likesCount: expected,
      likeDocs: expected,
      users: expected,
    });
    const toggles = members.reduce((sum, _, m) => sum + times(m, p), 0);
    expect(await h.db.collection('post_events').countDocuments({ postId: oid(post._id) })).toBe(toggles);
  }
  for (const author of authors) {
    const own = await h.db
      .collection('posts')
      .find({ authorId: oid(author.id) })
      .toArray();
    const record = await h.db.collection('authors').findOne({ _id: oid(author.id) });
    expect(record?.likesReceived).toBe(own.reduce((sum, post) => sum + (post.likesCount as number), 0));
  }
  // Every member who toggled has an author record (made sure of in the batch), as a single toggle makes one.
  expect(
    await h.db.collection('authors').countDocuments({ _id: { $in: members.map((m) => oid(m.id)) } }),
  ).toBe(16);
});

test('toggles sent at once by members who may and may not see the posts: each gets its own answer', async () => {
  const [open, shy, follower, stranger, blocked, saver] = ['open', 'shy', 'fol', 'str', 'blk', 'sav'].map(
    (name) => newUser(`batch_${name}`),
  );
  const openPost = await createPost(h.service, open);
  const shyPost = await createPost(h.service, shy);
  // What the consumers would have written: shy is private and followed by `follower`, open and `blocked` block
  // each other (a document per side), `saver` saved open's post.
  await h.db.collection('authors').updateOne({ _id: oid(shy.id) }, { $set: { isPrivate: true } });
  await h.db.collection('posts').updateOne({ _id: oid(shyPost._id) }, { $set: { authorPrivate: true } });
  const now = new Date();
  await h.db
    .collection('author_followers')
    .insertOne({ followerId: oid(follower.id), followeeId: oid(shy.id), following: true, updatedAt: now });
  await h.db.collection('hidden_authors').insertMany(
    [
      [open, blocked, 'block'],
      [blocked, open, 'blocked-by'],
    ].map(([reader, author, reason]) => ({
      readerId: oid((reader as typeof open).id),
      authorId: oid((author as typeof open).id),
      reason,
      active: true,
      eventId: oid(unknownId()),
      updatedAt: now,
    })),
  );
  expect(
    (await call(h.service, 'PUT', `/api/posts/${openPost._id}/bookmark`, undefined, saver.headers)).status,
  ).toBe(200);

  const asked: [typeof open, PostView][] = [
    [follower, shyPost],
    [stranger, shyPost],
    [blocked, shyPost],
    [blocked, openPost],
    [stranger, openPost],
    [saver, openPost],
    [follower, openPost],
    [shy, shyPost],
  ];
  const replies = await Promise.all(asked.map(([member, post]) => like(post._id, member.headers)));
  expect(replies.map((reply) => reply.status)).toEqual([200, 404, 404, 404, 200, 200, 200, 200]);
  expect(replies[1].body.message).toBe("This post doesn't exist or was deleted.");
  expect(replies.map((reply) => reply.body.bookmarkedByMe)).toEqual([
    false,
    undefined,
    undefined,
    undefined,
    false,
    true,
    false,
    false,
  ]);
  expect(replies.filter((reply) => reply.status === 200).every((reply) => reply.body.likedByMe)).toBe(true);
  expect(await storedCounts(openPost._id)).toEqual({ likesCount: 3, likeDocs: 3, users: 3 });
  expect(await storedCounts(shyPost._id)).toEqual({ likesCount: 2, likeDocs: 2, users: 2 });
  // Each member who liked has an author record (made in the batch), a refused one none.
  const records = await h.db
    .collection('authors')
    .find({ _id: { $in: [follower, stranger, blocked, saver].map((m) => oid(m.id)) } })
    .toArray();
  expect(records.map((record) => record.username).sort()).toEqual(['batch_fol', 'batch_sav', 'batch_str']);
  // The refused toggles left nothing behind: no like and no event of theirs.
  expect(await h.db.collection('likes').countDocuments({ userId: oid(blocked.id) })).toBe(0);
  expect(await h.db.collection('post_events').countDocuments({ 'actor._id': oid(blocked.id) })).toBe(0);
  expect((await h.db.collection('authors').findOne({ _id: oid(open.id) }))?.likesReceived).toBe(3);
});

test('likes, unlikes and their events are recorded with the right fields', async () => {
  const author = newUser('poster');
  const fan = newUser('fan');
  const post = await createPost(h.service, author);
  const since = new Date(Date.now() - 1000);
  await like(post._id, fan.headers);
  await like(post._id, fan.headers);
  const events = await h.db
    .collection<StoredPostEvent>('post_events')
    .find({ postId: oid(post._id) })
    .sort({ _id: 1 })
    .toArray();
  expect(events.map((event) => event.type)).toEqual(['like', 'unlike']);
  for (const event of events) {
    expect(event).toEqual({
      _id: expect.anything(),
      type: event.type,
      actor: { _id: oid(fan.id), username: 'fan' },
      postId: oid(post._id),
      postAuthorId: oid(author.id),
      createdAt: expect.any(Date),
    });
    expect(event.createdAt.getTime()).toBeGreaterThanOrEqual(since.getTime());
  }
});

test('liking an unknown or malformed post is a 404 and stores nothing', async () => {
  const user = newUser();
  for (const id of [unknownId(), 'nope']) {
    const reply = await like(id, user.headers);
    expect(reply.status).toBe(404);
    expect(reply.body.message).toBe("This post doesn't exist or was deleted.");
  }
  expect(await h.db.collection('likes').countDocuments({ userId: oid(user.id) })).toBe(0);
});

test('the likes index is unique on (postId, userId)', async () => {
  const indexes = await h.db.collection('likes').indexes();
  expect(indexes).toContainEqual(expect.objectContaining({ key: { postId: 1, userId: 1 }, unique: true }));
});
