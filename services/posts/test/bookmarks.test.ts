import type { BookmarkAnswer, BookmarksPage } from '@devcircle/contracts';
import { LOGS, recordEvent } from '@devcircle/service-kit';
import type { Document } from 'mongodb';
import type { PostView } from '../src';
import {
  addComment,
  call,
  createPost,
  drainConsumers,
  internal,
  newUser,
  oid,
  startPosts,
  unknownId,
  type ErrorReply,
  type PostsHarness,
  type User,
} from './harness';

/** Bookmarks (issue 19, README "Bookmarks"): saving, the list, privacy, and what deletions leave behind. */
let h: PostsHarness;
beforeAll(async () => {
  h = await startPosts();
});
afterAll(() => h.stop());

const NOT_FOUND = "This post doesn't exist or was deleted.";

const save = (postId: string, user: User) =>
  call<BookmarkAnswer & ErrorReply>(
    h.service,
    'PUT',
    `/api/posts/${postId}/bookmark`,
    undefined,
    user.headers,
  );
const unsave = (postId: string, user: User) =>
  call<BookmarkAnswer & ErrorReply>(
    h.service,
    'DELETE',
    `/api/posts/${postId}/bookmark`,
    undefined,
    user.headers,
  );
const list = (user: User, query = '') =>
  call<BookmarksPage & ErrorReply>(h.service, 'GET', `/api/bookmarks${query}`, undefined, user.headers);
const getPost = (postId: string, user: User) =>
  call<PostView>(h.service, 'GET', `/api/posts/${postId}`, undefined, user.headers);

/** Every saved post's content, as `user` pages through the whole list `size` at a time. */
async function allSaved(user: User, size: number): Promise<string[]> {
  const seen: string[] = [];
  let query = `?limit=${size}`;
  for (;;) {
    const reply = await list(user, query);
    expect(reply.status).toBe(200);
    expect(reply.body.posts.length).toBeLessThanOrEqual(size);
    seen.push(...reply.body.posts.map((post) => post.content));
    if (!reply.body.hasMore) return seen;
    query = `?limit=${size}&before=${reply.body.nextCursor}`;
  }
}

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

async function followEvent(type: 'follow' | 'unfollow', follower: User, followee: User): Promise<void> {
  await recordEvent(h.db, LOGS.follows, {
    type,
    actor: { _id: oid(follower.id), username: follower.username },
    targetId: oid(followee.id),
  });
  await drainConsumers(h.service);
}

test('a bookmark is saved and removed idempotently, shows as bookmarkedByMe to its owner only, and tells no one', async () => {
  const author = newUser();
  const reader = newUser();
  const other = newUser();
  const post = await createPost(h.service, author, 'worth keeping');
  const eventsBefore = await h.db.collection(LOGS.posts.name).countDocuments();

  for (let i = 0; i < 2; i++) {
    const saved = await save(post._id, reader);
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ postId: post._id, bookmarked: true });
  }
  expect(await h.db.collection('bookmarks').countDocuments({ postId: oid(post._id) })).toBe(1);
  expect((await getPost(post._id, reader)).body.bookmarkedByMe).toBe(true);
  expect((await getPost(post._id, other)).body.bookmarkedByMe).toBe(false);
  expect((await getPost(post._id, author)).body.bookmarkedByMe).toBe(false);
  // The feed, a like's answer and a comment's answer carry the caller's bookmark too (the card keeps its state).
  const feed = await call<BookmarksPage>(h.service, 'GET', '/api/posts?limit=50', undefined, reader.headers);
  expect(feed.body.posts.find((p) => p._id === post._id)?.bookmarkedByMe).toBe(true);
  const liked = await call<PostView>(
    h.service,
    'PUT',
    `/api/posts/${post._id}/like`,
    undefined,
    reader.headers,
  );
  expect(liked.body).toMatchObject({ likedByMe: true, bookmarkedByMe: true });
  expect((await addComment(h.service, reader, post._id, 'saved it')).bookmarkedByMe).toBe(true);
  // Only the like and the comment were recorded: a bookmark is no event, so no notification reaches the author.
  const events = await h.db
    .collection(LOGS.posts.name)
    .find(
      {},
      { sort: { _id: -1 }, limit: (await h.db.collection(LOGS.posts.name).countDocuments()) - eventsBefore },
    )
    .toArray();
  expect(events.map((event) => event.type).sort()).toEqual(['comment', 'like']);

  for (let i = 0; i < 2; i++) {
    const removed = await unsave(post._id, reader);
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ postId: post._id, bookmarked: false });
  }
  expect((await getPost(post._id, reader)).body.bookmarkedByMe).toBe(false);
  expect(await h.db.collection('bookmarks').countDocuments({ postId: oid(post._id) })).toBe(0);

  // Unknown and malformed ids: the post detail's 404, and nothing stored.
  for (const id of [unknownId(), 'not-an-id']) {
    const reply = await save(id, reader);
    expect(reply.status).toBe(404);
    expect(reply.body.message).toBe(NOT_FOUND);
  }
  expect((await unsave('not-an-id', reader)).status).toBe(404);
  expect(await h.db.collection('bookmarks').countDocuments({ userId: oid(reader.id) })).toBe(0);
  // Without an identity: 401.
  expect((await call(h.service, 'PUT', `/api/posts/${post._id}/bookmark`)).status).toBe(401);
  expect((await call(h.service, 'GET', '/api/bookmarks')).status).toBe(401);
});

test('the list: most recently saved first, cursor-paged, the caller’s own only, bad queries refused', async () => {
  const author = newUser();
  const reader = newUser();
  const posts: PostView[] = [];
  for (let i = 0; i < 5; i++) posts.push(await createPost(h.service, author, `list post ${i}`));
  // Saved in another order than written: the list follows the saving.
  for (const i of [2, 0, 4, 1, 3]) await save(posts[i]._id, reader);
  await save(posts[2]._id, reader); // saved again: keeps its place

  const expected = ['list post 3', 'list post 1', 'list post 4', 'list post 0', 'list post 2'];
  expect(await allSaved(reader, 2)).toEqual(expected);
  expect(await allSaved(reader, 10)).toEqual(expected);
  const first = await list(reader, '?limit=2');
  expect(first.body).toMatchObject({ hasMore: true, nextCursor: expect.stringMatching(/^[0-9a-f]{24}$/) });
  expect(first.body.posts.every((post) => post.bookmarkedByMe)).toBe(true);
  // The default page is the feed's (10).
  expect((await list(reader)).body.posts).toHaveLength(5);

  const stranger = newUser();
  expect((await list(stranger)).body).toEqual({ posts: [], hasMore: false, nextCursor: null });

  for (const query of ['?limit=0', '?limit=51', '?limit=x', '?before=nope']) {
    const reply = await list(reader, query);
    expect(reply.status).toBe(400);
    expect(reply.body.message).toEqual(expect.any(String));
    expect(reply.body.errors?.[0]).toMatchObject({ field: expect.any(String), message: expect.any(String) });
  }
});

test('a private author’s post: bookmarked only by who may see it, and gone from the list when they no longer may', async () => {
  const secretive = newUser();
  const follower = newUser();
  const stranger = newUser();
  const open = newUser();
  const hidden = await createPost(h.service, secretive, 'private thoughts');
  const visible: PostView[] = [];
  for (let i = 0; i < 3; i++) visible.push(await createPost(h.service, open, `open ${i}`));
  await followEvent('follow', follower, secretive);
  await setPrivate(secretive, true);

  // A stranger cannot save it (the same 404 as a missing post); a follower can.
  const refused = await save(hidden._id, stranger);
  expect(refused.status).toBe(404);
  expect(refused.body.message).toBe(NOT_FOUND);
  expect(await h.db.collection('bookmarks').countDocuments({ userId: oid(stranger.id) })).toBe(0);
  await save(visible[0]._id, follower);
  await save(hidden._id, follower);
  await save(visible[1]._id, follower);
  await save(visible[2]._id, follower);
  expect(await allSaved(follower, 10)).toEqual(['open 2', 'open 1', 'private thoughts', 'open 0']);

  // Unfollowed: the bookmark stays but the post is not shown, and pages stay full around it.
  await followEvent('unfollow', follower, secretive);
  expect(await allSaved(follower, 2)).toEqual(['open 2', 'open 1', 'open 0']);
  expect((await list(follower, '?limit=3')).body).toMatchObject({ hasMore: false });
  // Followed again: it is back in its place.
  await followEvent('follow', follower, secretive);
  expect(await allSaved(follower, 10)).toEqual(['open 2', 'open 1', 'private thoughts', 'open 0']);

  // A public author's post saved by a stranger, then the author goes private: hidden from the stranger.
  await setPrivate(secretive, false);
  await save(hidden._id, stranger);
  expect(await allSaved(stranger, 10)).toEqual(['private thoughts']);
  await setPrivate(secretive, true);
  expect(await allSaved(stranger, 10)).toEqual([]);
  // Removing one's own bookmark of a post one can no longer see still works (and says nothing of the post).
  expect((await unsave(hidden._id, stranger)).body).toEqual({ postId: hidden._id, bookmarked: false });
  expect(await h.db.collection('bookmarks').countDocuments({ userId: oid(stranger.id) })).toBe(0);
});

test('a deleted post, a deleted author and a deleted saver leave no bookmark behind', async () => {
  const author = newUser();
  const reader = newUser();
  const doomed = newUser();
  const deletedPost = await createPost(h.service, author, 'to be deleted');
  const kept = await createPost(h.service, author, 'kept');
  const doomedPost = await createPost(h.service, doomed, 'by a leaving member');
  for (const post of [deletedPost, kept, doomedPost]) await save(post._id, reader);
  await save(kept._id, doomed);
  await save(deletedPost._id, doomed);

  expect(
    (await call(h.service, 'DELETE', `/api/posts/${deletedPost._id}`, undefined, author.headers)).status,
  ).toBe(200);
  expect(await h.db.collection('bookmarks').countDocuments({ postId: oid(deletedPost._id) })).toBe(0);
  expect(await allSaved(reader, 10)).toEqual(['by a leaving member', 'kept']);
  // Saving a deleted post is the 404 and stores nothing.
  expect((await save(deletedPost._id, reader)).status).toBe(404);

  const reply = await call<{ removed: Document }>(
    h.service,
    'DELETE',
    `/internal/users/${doomed.id}`,
    undefined,
    internal(),
  );
  expect(reply.status).toBe(200);
  // The reader's bookmark of the doomed member's post, and the doomed member's own bookmark.
  expect(reply.body.removed).toMatchObject({ posts: 1, bookmarks: 2 });
  expect(
    await h.db
      .collection('bookmarks')
      .countDocuments({ $or: [{ userId: oid(doomed.id) }, { postId: oid(doomedPost._id) }] }),
  ).toBe(0);
  expect(await allSaved(reader, 10)).toEqual(['kept']);
});

test('the indexes: one bookmark per member and post, and the list walks {userId, _id}', async () => {
  const keys = (await h.db.collection('bookmarks').indexes()).map((index) => [
    index.key,
    index.unique === true,
  ]);
  expect(keys).toEqual(
    expect.arrayContaining([
      [{ postId: 1, userId: 1 }, true],
      [{ userId: 1, _id: -1 }, false],
    ]),
  );
  const reader = newUser();
  const explained = await h.db
    .collection('bookmarks')
    .find({ userId: oid(reader.id) })
    .sort({ _id: -1 })
    .limit(11)
    .explain();
  expect(JSON.stringify(explained.queryPlanner.winningPlan)).toContain('user_recent');
  expect(JSON.stringify(explained.queryPlanner.winningPlan)).not.toContain('SORT"');
});
