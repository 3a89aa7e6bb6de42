import { countCommands } from '@devcircle/service-test-kit';
import { ObjectId, type Db } from 'mongodb';
import { AUTHORS } from '../src/authors/repository';
import { BOOKMARKS } from '../src/bookmarks/indexes';
import { COMMENTS } from '../src/comments/indexes';
import { FOLLOWS } from '../src/follows/indexes';
import { LIKES } from '../src/likes/indexes';
import { POSTS } from '../src/posts/indexes';
import { HIDDEN_AUTHORS } from '../src/relations/indexes';
import { call, internal, newUser, startPosts, type PostsHarness, type User } from './harness';

/**
 * Issue 17: every list answers with a fixed number of database round trips whatever its page size. Each test asks
 * for a page of 1 and a full page (of data several pages long) and compares the commands the service's driver
 * sent (command monitoring); a query per post, per comment or per author would make the full page's count grow.
 */

let h: PostsHarness;
let reader: User;
let author: ObjectId;
let busyPost: ObjectId;
const POSTS_SEEDED = 25;
const COMMENTS_PER_POST = 3;
const BUSY_COMMENTS = 45;

/** Posts by three authors, each with comments by other users and some liked by the reader, written directly. */
async function seed(db: Db): Promise<void> {
  const users = Array.from({ length: 6 }, (_, k) => ({
    _id: new ObjectId(),
    username: `writer${k}`,
    displayName: `Writer ${k}`,
    updatedAt: new Date(),
  }));
  await db.collection(AUTHORS).insertMany(users);
  author = users[0]._id;
  const posts = Array.from({ length: POSTS_SEEDED }, (_, i) => ({
    _id: new ObjectId(),
    authorId: users[i % 3]._id,
    content: `post ${i}`,
    createdAt: new Date(),
    likesCount: i % 2,
    commentsCount: COMMENTS_PER_POST,
    authorPrivate: false,
    tags: ['roundtrip'],
  }));
  busyPost = posts[POSTS_SEEDED - 1]._id;
  posts[POSTS_SEEDED - 1].commentsCount = BUSY_COMMENTS;
  await db.collection(POSTS).insertMany(posts);
  const comments = posts.flatMap((post) =>
    Array.from({ length: post.commentsCount }, (_, j) => ({
      _id: new ObjectId(),
      postId: post._id,
      userId: users[3 + (j % 3)]._id,
      text: `comment ${j}`,
      createdAt: new Date(),
      updatedAt: new Date(),
    })),
  );
  await db.collection(COMMENTS).insertMany(comments);
  const likes = posts
    .filter((post) => post.likesCount === 1)
    .map((post) => ({
      _id: new ObjectId(),
      postId: post._id,
      userId: new ObjectId(reader.id),
      createdAt: new Date(),
    }));
  await db.collection(LIKES).insertMany(likes);
  // The reader follows two of the authors and 150 others (more than a cursor's first batch of 101).
  const followees = [users[0]._id, users[1]._id, ...Array.from({ length: 150 }, () => new ObjectId())];
  await db.collection(FOLLOWS).insertMany(
    followees.map((followeeId) => ({
      _id: new ObjectId(),
      followerId: new ObjectId(reader.id),
      followeeId,
      following: true,
      eventId: new ObjectId(),
      updatedAt: new Date(),
    })),
  );
  // The reader blocks and mutes members with no posts here (docs/safety.md): every list then carries the hidden
  // set, read once, whatever the page size.
  await db.collection(HIDDEN_AUTHORS).insertMany(
    (['block', 'blocked-by', 'mute'] as const).map((reason) => ({
      _id: new ObjectId(),
      readerId: new ObjectId(reader.id),
      authorId: new ObjectId(),
      reason,
      active: true,
      eventId: new ObjectId(),
      updatedAt: new Date(),
    })),
  );
  // The reader saved every post (the bookmarks list's pages).
  await db.collection(BOOKMARKS).insertMany(
    posts.map((post) => ({
      _id: new ObjectId(),
      postId: post._id,
      userId: new ObjectId(reader.id),
      createdAt: new Date(),
    })),
  );
}

beforeAll(async () => {
  // The database path: what the feed cache saves is counted in feed-cache.test.ts.
  h = await startPosts({ monitorCommands: true }, { POSTS_FEED_CACHE: 'off' });
  reader = newUser('reader');
  await seed(h.db);
});
afterAll(() => h.stop());

/** The commands one GET sends, after checking it answered 200 with `size` items. */
async function commandsOf(
  path: string,
  headers: Record<string, string>,
  items: (body: never) => unknown[],
  size: number,
) {
  const { result, names } = await countCommands([h.service.deps.database.client], () =>
    call(h.service, 'GET', path, undefined, headers),
  );
  expect(result.status).toBe(200);
  expect(items(result.body as never)).toHaveLength(size);
  return [...names].sort();
}

const posts = (body: { posts: unknown[] }) => body.posts;

test('the feed by cursor: a page of 10 sends what a page of 1 sends', async () => {
  const one = await commandsOf('/api/posts?limit=1', reader.headers, posts, 1);
  const full = await commandsOf('/api/posts?limit=10', reader.headers, posts, 10);
  expect(full).toEqual(one);
});

test('the following feed: a page of 10 sends what a page of 1 sends, following 152 in one batch', async () => {
  const one = await commandsOf('/api/posts?scope=following&limit=1', reader.headers, posts, 1);
  const full = await commandsOf('/api/posts?scope=following&limit=10', reader.headers, posts, 10);
  expect(full).toEqual(one);
  expect(full).not.toContain('getMore');
});

test('the feed by page number: a page of 10 sends what a page of 1 sends', async () => {
  const one = await commandsOf('/api/posts?page=2&limit=1', reader.headers, posts, 1);
  const full = await commandsOf('/api/posts?page=2&limit=10', reader.headers, posts, 10);
  expect(full).toEqual(one);
});

test("a tag's posts by cursor: a page of 10 sends what a page of 1 sends", async () => {
  const one = await commandsOf('/api/tags/roundtrip/posts?limit=1', reader.headers, posts, 1);
  const full = await commandsOf('/api/tags/roundtrip/posts?limit=10', reader.headers, posts, 10);
  expect(full).toEqual(one);
});

test('the bookmarks by cursor: a page of 10 sends what a page of 1 sends', async () => {
  const one = await commandsOf('/api/bookmarks?limit=1', reader.headers, posts, 1);
  const full = await commandsOf('/api/bookmarks?limit=10', reader.headers, posts, 10);
  expect(full).toEqual(one);
});

test("a user's posts (the profile page's): a page of 5 sends what a page of 1 sends", async () => {
  const path = (limit: number) => `/internal/authors/${author.toHexString()}/posts?page=1&limit=${limit}`;
  const headers = { ...internal(), ...reader.headers };
  const one = await commandsOf(path(1), headers, posts, 1);
  const full = await commandsOf(path(5), headers, posts, 5);
  expect(full).toEqual(one);
});

test("a post's comments: a page of 20 sends what a page of 1 sends", async () => {
  const path = (limit: number) => `/api/posts/${busyPost.toHexString()}/comments?limit=${limit}`;
  const comments = (body: { comments: unknown[] }) => body.comments;
  const one = await commandsOf(path(1), reader.headers, comments, 1);
  const full = await commandsOf(path(20), reader.headers, comments, 20);
  expect(full).toEqual(one);
});
