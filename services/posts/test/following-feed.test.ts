import { LOGS, recordEvent } from '@devcircle/service-kit';
import type { Document } from 'mongodb';
import type { PostView } from '../src';
import { followingQuery } from '../src/posts/following-feed';
import type { Post } from '../src/posts/post';
import { POSTS } from '../src/posts/indexes';
import {
  call,
  createPost,
  drainConsumers,
  newUser,
  oid,
  startPosts,
  type CursorPage,
  type ErrorReply,
  type PostsHarness,
  type User,
} from './harness';

/**
 * Issue 19's following feed (`GET /api/posts?scope=following`): the caller's posts and those of whom they follow,
 * newest first, by cursor, a private author's only to their followers; the everyone feed as it was.
 */
let h: PostsHarness;
const reader = newUser('reader');
const friend = newUser('friend');
const secretive = newUser('secretive');
const stranger = newUser('stranger');
const loner = newUser('loner');
/** Every post, newest first. */
const all: PostView[] = [];

async function followEvent(type: 'follow' | 'unfollow', follower: User, followee: User): Promise<void> {
  await recordEvent(h.db, LOGS.follows, {
    type,
    actor: { _id: oid(follower.id), username: follower.username },
    targetId: oid(followee.id),
  });
}

beforeAll(async () => {
  h = await startPosts();
  await recordEvent(h.db, LOGS.profiles, {
    type: 'profile.updated',
    userId: oid(secretive.id),
    username: secretive.username,
    displayName: secretive.username,
    isPrivate: true,
  });
  await followEvent('follow', reader, friend);
  await followEvent('follow', reader, secretive);
  await drainConsumers(h.service);
  const writers = [friend, stranger, secretive, reader];
  for (let i = 0; i < 14; i++) all.unshift(await createPost(h.service, writers[i % 4], `post ${i}`));
  // The stranger and the secretive author post last, so the newest everyone page starts with them.
  all.unshift(await createPost(h.service, secretive, 'secret newest'));
  all.unshift(await createPost(h.service, stranger, 'stranger newest'));
});
afterAll(() => h.stop());

const get = <T>(viewer: User, query: string) =>
  call<T>(h.service, 'GET', `/api/posts?${query}`, undefined, viewer.headers);

/** Every post id of `viewer`'s following feed, paged by cursor `limit` at a time, checking each page's fields. */
async function followingFeed(viewer: User, limit: number): Promise<string[]> {
  const seen: string[] = [];
  let cursor = '';
  for (;;) {
    const reply = await get<CursorPage>(viewer, `scope=following&limit=${limit}${cursor}`);
    expect(reply.status).toBe(200);
    const ids = reply.body.posts.map((post) => post._id);
    seen.push(...ids);
    expect(reply.body.nextCursor).toBe(ids.at(-1) ?? null);
    if (!reply.body.hasMore) return seen;
    expect(ids).toHaveLength(limit);
    cursor = `&before=${reply.body.nextCursor}`;
  }
}

const idsBy = (...authors: User[]) =>
  all.filter((post) => authors.some((a) => a.id === post.author._id)).map((post) => post._id);

test('following: my posts and my followees’ (a private one’s too), newest first, paged by cursor once each', async () => {
  const expected = idsBy(reader, friend, secretive);
  expect(await followingFeed(reader, 3)).toEqual(expected);
  expect(await followingFeed(reader, 50)).toEqual(expected);
  const first = await get<CursorPage>(reader, 'scope=following&limit=2');
  expect(first.body.posts.map((post) => post.content)).toEqual(['secret newest', 'post 12']);
  // Cards as the everyone feed answers them: author, counts, comments, the caller's like.
  expect(first.body.posts[1]).toMatchObject({
    author: { username: 'friend' },
    likedByMe: false,
    comments: [],
  });

  // The default stays the everyone feed: the stranger's public posts too, never the private author's.
  const everyone = await get<CursorPage>(stranger, 'limit=50');
  expect(everyone.body.posts.map((post) => post._id)).toEqual(idsBy(friend, stranger, reader));
  const explicit = await get<CursorPage>(stranger, 'scope=everyone&limit=50');
  expect(explicit.body).toEqual(everyone.body);

  // The stranger follows no one: only their own posts. Someone with neither: an empty page.
  expect(await followingFeed(stranger, 4)).toEqual(idsBy(stranger));
  expect((await get<CursorPage>(loner, 'scope=following')).body).toEqual({
    posts: [],
    hasMore: false,
    nextCursor: null,
  });
});

test('an unfollow takes the followee’s posts out, a follow brings them in', async () => {
  await followEvent('unfollow', reader, secretive);
  await followEvent('follow', reader, stranger);
  await drainConsumers(h.service);
  expect(await followingFeed(reader, 5)).toEqual(idsBy(reader, friend, stranger));
  await followEvent('follow', reader, secretive);
  await followEvent('unfollow', reader, stranger);
  await drainConsumers(h.service);
  expect(await followingFeed(reader, 5)).toEqual(idsBy(reader, friend, secretive));
});

test('bad input is a 400 in the one error shape: a page number, an unknown scope, a bad cursor', async () => {
  const paged = await get<ErrorReply>(reader, 'scope=following&page=2');
  expect(paged.status).toBe(400);
  expect(paged.body).toMatchObject({
    message: 'The following feed pages by before, not by page',
    errors: [{ field: 'page', message: 'The following feed pages by before, not by page' }],
  });
  const scoped = await get<ErrorReply>(reader, 'scope=friends');
  expect(scoped.status).toBe(400);
  expect(scoped.body.message).toBe('scope must be one of everyone, following');
  const cursor = await get<ErrorReply>(reader, 'scope=following&before=nope');
  expect(cursor.status).toBe(400);
  expect(cursor.body.errors?.[0].field).toBe('before');
});

test('the query merges the authors’ ranges of the author index: no blocking sort', async () => {
  const authors = [reader, friend, secretive, stranger].map((user) => oid(user.id));
  const { filter, sort } = followingQuery(authors, oid(all[3]._id));
  const explain: Document = await h.db
    .collection<Post>(POSTS)
    .find(filter)
    .sort(sort)
    .limit(4)
    .explain('executionStats');
  const plan = JSON.stringify(explain.queryPlanner.winningPlan);
  expect(plan).toContain('"indexName":"author_recent"');
  expect(plan).toContain('SORT_MERGE');
  expect(plan).not.toContain('"stage":"SORT"');
  // One entry per author's range ahead, then about the page: never every post of theirs.
  expect(explain.executionStats.totalKeysExamined).toBeLessThanOrEqual(4 + 4 + 1);
});
