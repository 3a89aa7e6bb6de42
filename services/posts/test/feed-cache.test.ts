import { entityTag, LOGS, recordEvent, startService, type RunningService } from '@devcircle/service-kit';
import { countCommands } from '@devcircle/service-test-kit';
import { ObjectId } from 'mongodb';
import { definition, type PostView } from '../src';
import { AUTHORS } from '../src/authors/repository';
import { BOOKMARKS } from '../src/bookmarks/indexes';
import { COMMENTS } from '../src/comments/indexes';
import type { PostsContext } from '../src/context';
import { FOLLOWS } from '../src/follows/indexes';
import { LIKES } from '../src/likes/indexes';
import { POSTS } from '../src/posts/indexes';
import { HIDDEN_AUTHORS } from '../src/relations/indexes';
import {
  addComment,
  call,
  createPost,
  drainConsumers,
  internal,
  newUser,
  oid,
  POSTS_TEST_ENV,
  startPosts,
  type CursorPage,
  type FeedPage,
  type PostsHarness,
  type User,
} from './harness';

/**
 * The feed cache (docs/caching.md) with two instances of the service on one database, as behind the gateway: a
 * write through one is read at once through the same one (its write path drops what it changed) and soon through
 * the other (its change stream drops it), a cached page sends fewer commands than the database path and answers
 * the same, and privacy is applied per reader on top of the cache.
 */

let h: PostsHarness;
let first: RunningService<PostsContext>;
let second: RunningService<PostsContext>;

beforeAll(async () => {
  h = await startPosts({ monitorCommands: true });
  first = h.service as RunningService<PostsContext>;
  second = await startService(definition, {
    port: 0,
    env: { ...POSTS_TEST_ENV, MONGODB_URI: h.database.databaseUri('posts-test') },
  });
  await second.ready;
  // Each cache serves only once its change stream is open.
  await until(() => first.context.cache.live && second.context.cache.live);
});
afterAll(async () => {
  await second.stop();
  await h.stop();
});

/** Polls `check` until it holds (the change stream's delivery, not a timer, decides when). */
async function until(check: () => boolean | Promise<boolean>, what = 'condition'): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} not reached`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

async function feed(service: RunningService, user: User, query = 'limit=10'): Promise<CursorPage> {
  const reply = await call<CursorPage>(service, 'GET', `/api/posts?${query}`, undefined, user.headers);
  expect(reply.status).toBe(200);
  return reply.body;
}

const postIn = async (service: RunningService, user: User, id: string): Promise<PostView | undefined> =>
  (await feed(service, user)).posts.find((post) => post._id === id);

test('a write through one instance is read through it at once, and through the other once its stream tells it', async () => {
  const ada = newUser('ada');
  const bob = newUser('bob');
  const post = await createPost(first, ada, 'cached soon');
  // Both instances now hold the window and the card.
  expect(await postIn(first, bob, post._id)).toBeDefined();
  expect(await postIn(second, bob, post._id)).toBeDefined();
  expect(second.context.cache.cards.size).toBeGreaterThan(0);

  // A like through the first: the liker reads it there at once; the second instance's card goes by the stream.
  const liked = await call<PostView>(first, 'PUT', `/api/posts/${post._id}/like`, undefined, ada.headers);
  expect(liked.status).toBe(200);
  expect(await postIn(first, ada, post._id)).toMatchObject({ likes: 1, likedByMe: true });
  await until(async () => (await postIn(second, bob, post._id))?.likes === 1, 'like on the second');
  expect(await postIn(second, bob, post._id)).toMatchObject({ likes: 1, likedByMe: false });

  // A comment, then its edit (which names no post in the change: every card goes).
  const commented = await addComment(first, bob, post._id, 'first!');
  const commentId = commented.comments[0]._id;
  expect((await postIn(first, bob, post._id))?.comments.map((c) => c.text)).toEqual(['first!']);
  await until(async () => (await postIn(second, ada, post._id))?.commentsCount === 1, 'comment');
  const edit = await call(
    first,
    'PUT',
    `/api/posts/${post._id}/comment/${commentId}`,
    { text: 'edited' },
    bob.headers,
  );
  expect(edit.status).toBe(200);
  expect((await postIn(first, bob, post._id))?.comments[0].text).toBe('edited');
  await until(async () => (await postIn(second, ada, post._id))?.comments[0]?.text === 'edited', 'edit');

  // A new post through the second, deleted through the first.
  const later = await createPost(second, bob, 'and another');
  expect((await feed(second, bob)).posts[0]._id).toBe(later._id);
  await until(async () => (await feed(first, ada)).posts[0]?._id === later._id, 'new post on the first');
  expect((await call(first, 'DELETE', `/api/posts/${later._id}`, undefined, bob.headers)).status).toBe(200);
  expect(await postIn(first, bob, later._id)).toBeUndefined();
  expect((await call(first, 'GET', `/api/posts/${later._id}`, undefined, bob.headers)).status).toBe(404);
  await until(async () => (await postIn(second, bob, later._id)) === undefined, 'deletion on the second');
  expect((await call(second, 'GET', `/api/posts/${later._id}`, undefined, bob.headers)).status).toBe(404);

  // A new name (the users service's call) reaches the cards of both.
  const renamed = await call(
    second,
    'PUT',
    `/internal/authors/${ada.id}`,
    { username: 'ada', displayName: 'Ada L.' },
    internal(),
  );
  expect(renamed.status).toBe(200);
  expect((await postIn(second, bob, post._id))?.author.displayName).toBe('Ada L.');
  await until(async () => (await postIn(first, bob, post._id))?.author.displayName === 'Ada L.', 'name');
});

test('a cached first page sends fewer database commands than the database path, and answers the same', async () => {
  const reader = newUser('reader');
  const writer = newUser('writer');
  for (let i = 0; i < 12; i++) {
    const post = await createPost(first, writer, `post ${i}`);
    if (i % 3 === 0) await addComment(first, writer, post._id, `comment on ${i}`);
    if (i % 2 === 0) await call(first, 'PUT', `/api/posts/${post._id}/like`, undefined, reader.headers);
  }
  // A post written straight into the database reaches the cache only through the stream, which hands changes
  // over in commit order: once it shows, the stream has told the cache of every write above.
  const sentinel = new ObjectId();
  await h.db.collection(POSTS).insertOne({
    _id: sentinel,
    authorId: new ObjectId(writer.id),
    content: 'written directly',
    createdAt: new Date(),
    likesCount: 0,
    commentsCount: 0,
    authorPrivate: false,
  });
  await until(async () => (await feed(first, reader)).posts[0]?._id === sentinel.toHexString(), 'sentinel');
  const client = [first.deps.database.client];
  const cache = first.context.cache;
  // A reader's first page reads their own state, the same few commands whatever the page size: the authors hidden
  // from them, their likes and their bookmarks of the page (no private author's post here: no follows).
  const coldOne = await countCommands(client, () => feed(first, newUser('cold1'), 'limit=1'));
  const coldFull = await countCommands(client, () => feed(first, newUser('cold2')));
  expect(coldOne.names).toEqual(['find', 'find', 'find']);
  expect(coldFull.names).toEqual(coldOne.names);
  await feed(first, reader); // fills the window, the cards and the reader's state
  const cached = await countCommands(client, () => feed(first, reader));
  const cachedOne = await countCommands(client, () => feed(first, reader, 'limit=1'));
  const cachedPaged = await call<FeedPage>(
    first,
    'GET',
    '/api/posts?page=2&limit=5',
    undefined,
    reader.headers,
  );
  const nextPage = await feed(first, reader, `limit=5&before=${cached.result.posts[4]._id}`);

  // The same requests through the database path (as while the change stream is down).
  cache.live = false;
  try {
    const direct = await countCommands(client, () => feed(first, reader));
    expect(cached.result).toEqual(direct.result);
    expect(direct.names.length).toBeGreaterThan(5);
    // Then nothing: the reader's state is held too, until a change stream or their own write drops it.
    expect(cached.names).toEqual([]);
    expect(cachedOne.names).toEqual([]);
    const pagedDirect = await call(first, 'GET', '/api/posts?page=2&limit=5', undefined, reader.headers);
    expect(cachedPaged.body).toEqual(pagedDirect.body);
    expect(nextPage).toEqual(await feed(first, reader, `limit=5&before=${cached.result.posts[4]._id}`));
  } finally {
    cache.live = true;
  }
});

test('privacy is applied per reader on top of the cache, and a switch to private hides posts at once', async () => {
  const quiet = newUser('quiet');
  const fan = newUser('fan');
  const stranger = newUser('stranger');
  const loud = newUser('loud');
  await h.db.collection(AUTHORS).insertOne({
    _id: new ObjectId(quiet.id),
    username: quiet.username,
    displayName: quiet.username,
    updatedAt: new Date(),
    isPrivate: true,
  });
  await h.db.collection(FOLLOWS).insertOne({
    _id: new ObjectId(),
    followerId: new ObjectId(fan.id),
    followeeId: new ObjectId(quiet.id),
    following: true,
    eventId: new ObjectId(),
    updatedAt: new Date(),
  });
  const hidden = await createPost(first, quiet, 'followers only');
  const open = await createPost(first, loud, 'for everyone');
  const services = [first, second];
  for (const service of services) {
    // The fan's reads put the private post's card in the cache; the stranger's reads are made from it.
    await until(async () => (await postIn(service, fan, hidden._id)) !== undefined, 'the post for the fan');
    expect(await postIn(service, quiet, hidden._id)).toBeDefined();
    expect(await postIn(service, stranger, hidden._id)).toBeUndefined();
    const one = await call(service, 'GET', `/api/posts/${hidden._id}`, undefined, stranger.headers);
    expect(one.status).toBe(404);
    expect((await call(service, 'GET', `/api/posts/${hidden._id}`, undefined, fan.headers)).status).toBe(200);
    expect(await postIn(service, stranger, open._id)).toBeDefined();
  }

  // The loud author goes private (the users service's event): once each instance has handled it, neither
  // shows the post to the stranger, with no wait for a stream.
  await recordEvent(h.db, LOGS.profiles, {
    type: 'profile.updated',
    userId: new ObjectId(loud.id),
    username: loud.username,
    displayName: loud.username,
    isPrivate: true,
  });
  await Promise.all(services.map((service) => drainConsumers(service)));
  for (const service of services) {
    expect(await postIn(service, stranger, open._id)).toBeUndefined();
    expect((await call(service, 'GET', `/api/posts/${open._id}`, undefined, stranger.headers)).status).toBe(
      404,
    );
    expect(await postIn(service, loud, open._id)).toBeDefined();
  }
});

test('deep pages come with the cached cards and answer what the database path answers, own writes at once', async () => {
  const [pub, other, quiet, blocked, muted] = ['pub', 'other', 'quiet', 'blocked', 'muted'].map((n) =>
    newUser(n),
  );
  const reader = newUser('deep-reader');
  const stranger = newUser('deep-stranger');
  const authors = [pub, other, quiet, blocked, muted];
  await h.db.collection(AUTHORS).insertMany(
    authors.map((user) => ({
      _id: new ObjectId(user.id),
      username: user.username,
      displayName: user.username,
      updatedAt: new Date(),
      ...(user === quiet ? { isPrivate: true } : {}),
    })),
  );
  // More than the window (200): the deeper pages are read from the database, heads only.
  const posts = Array.from({ length: 260 }, (_, i) => ({
    _id: new ObjectId(),
    authorId: new ObjectId(authors[i % 5].id),
    content: `deep ${i}`,
    createdAt: new Date(),
    likesCount: i % 7 === 0 ? 1 : 0,
    commentsCount: i % 4 === 0 ? 2 : 0,
    authorPrivate: i % 5 === 2,
  }));
  await h.db.collection(POSTS).insertMany(posts);
  const comments = posts
    .filter((_, i) => i % 4 === 0)
    .flatMap((post) =>
      [blocked, other].map((user) => ({
        _id: new ObjectId(),
        postId: post._id,
        userId: new ObjectId(user.id),
        text: `by ${user.username}`,
        createdAt: new Date(),
        updatedAt: new Date(),
      })),
    );
  await h.db.collection(COMMENTS).insertMany(comments);
  const byReader = (list: typeof posts) =>
    list.map((post) => ({
      _id: new ObjectId(),
      postId: post._id,
      userId: new ObjectId(reader.id),
      createdAt: new Date(),
    }));
  await h.db.collection(LIKES).insertMany(byReader(posts.filter((_, i) => i % 7 === 0)));
  await h.db.collection(BOOKMARKS).insertMany(byReader(posts.filter((_, i) => i % 3 === 0)));
  // The reader follows the private author, blocks one author and mutes another (docs/safety.md).
  const relations = { eventId: new ObjectId(), updatedAt: new Date(), active: true };
  await h.db.collection(HIDDEN_AUTHORS).insertMany([
    {
      _id: new ObjectId(),
      readerId: new ObjectId(reader.id),
      authorId: new ObjectId(blocked.id),
      reason: 'block',
      ...relations,
    },
    {
      _id: new ObjectId(),
      readerId: new ObjectId(blocked.id),
      authorId: new ObjectId(reader.id),
      reason: 'blocked-by',
      ...relations,
    },
    {
      _id: new ObjectId(),
      readerId: new ObjectId(reader.id),
      authorId: new ObjectId(muted.id),
      reason: 'mute',
      ...relations,
    },
  ]);
  await h.db.collection(FOLLOWS).insertOne({
    _id: new ObjectId(),
    followerId: new ObjectId(reader.id),
    followeeId: new ObjectId(quiet.id),
    following: true,
    eventId: new ObjectId(),
    updatedAt: new Date(),
  });
  // Both streams hand changes over in commit order: once the last post shows on both, they told of all the rest.
  const newest = posts[posts.length - 1]._id.toHexString();
  for (const service of [first, second])
    await until(async () => (await feed(service, stranger)).posts[0]?._id === newest, 'seeded');

  // A post of a deep page deleted by its author: gone from every page at once.
  const gone = posts[40];
  expect(
    (await call(first, 'DELETE', `/api/posts/${gone._id.toHexString()}`, undefined, authors[40 % 5].headers))
      .status,
  ).toBe(200);

  const queries = [
    'page=14&limit=10', // within the window's reach, but not for a reader with hidden authors: the database
    'page=21&limit=10', // beyond the window
    'page=40&limit=10', // past the end
    `limit=10&before=${posts[30]._id.toHexString()}`, // a cursor older than the window
  ];
  const answers = async (service: RunningService) => {
    const all: unknown[] = [];
    for (const user of [reader, stranger])
      for (const query of queries) {
        const reply = await call(service, 'GET', `/api/posts?${query}`, undefined, user.headers);
        expect(reply.status).toBe(200);
        all.push(reply.body);
      }
    return all;
  };
  for (const service of [first, second]) {
    const cached = await answers(service);
    const { cache } = service.context as PostsContext;
    cache.live = false;
    try {
      expect(cached).toEqual(await answers(service));
    } finally {
      cache.live = true;
    }
  }
  // The window holds 120 posts the reader may see: page 13 is read from the database.
  const deep = await call<FeedPage>(first, 'GET', '/api/posts?page=13&limit=10', undefined, reader.headers);
  const shown = deep.body.posts;
  expect(shown).toHaveLength(10);
  expect(shown.some((post) => post.author._id === quiet.id)).toBe(true);
  expect(shown.some((post) => [blocked.id, muted.id].includes(post.author._id))).toBe(false);
  expect(shown.flatMap((post) => post.comments).some((c) => c.user._id === blocked.id)).toBe(false);
  expect(shown.some((post) => post._id === gone._id.toHexString())).toBe(false);

  // A deep page read before: no command (its posts are held until the feed changes). One not read before: the same
  // commands whatever its size (its heads, and the cards and the reader's fields of the posts not held).
  const client = [first.deps.database.client];
  expect((await countCommands(client, () => feed(first, reader, 'page=13&limit=10'))).names).toEqual([]);
  const coldOne = await countCommands(client, () => feed(first, reader, 'page=141&limit=1'));
  const coldFull = await countCommands(client, () => feed(first, reader, 'page=15&limit=10'));
  expect(coldFull.result.posts).toHaveLength(10);
  expect([...coldFull.names].sort()).toEqual([...coldOne.names].sort());

  // A post of a held deep page deleted: gone from it at once on the instance that deleted it, soon on the other.
  const doomed = shown[shown.length - 1];
  const doomedBy = authors.find((user) => user.id === doomed.author._id) as User;
  expect((await call(first, 'DELETE', `/api/posts/${doomed._id}`, undefined, doomedBy.headers)).status).toBe(
    200,
  );
  const without = async (service: RunningService) =>
    !(await feed(service, reader, 'page=13&limit=10')).posts.some((post) => post._id === doomed._id);
  expect(await without(first)).toBe(true);
  await until(() => without(second), 'deletion on the second');

  // The reader's own like and bookmark of a deep post: at once through the instance that wrote, soon through the
  // other (its stream); the removal of the bookmark names only the document, which the other had read.
  const target = shown.find((post) => post !== doomed && !post.likedByMe && !post.bookmarkedByMe) as PostView;
  const inDeep = async (service: RunningService) =>
    (await feed(service, reader, 'page=13&limit=10')).posts.find((post) => post._id === target._id);
  expect((await call(first, 'PUT', `/api/posts/${target._id}/like`, undefined, reader.headers)).status).toBe(
    200,
  );
  expect(await inDeep(first)).toMatchObject({ likedByMe: true, likes: target.likes + 1 });
  await until(async () => (await inDeep(second))?.likedByMe === true, 'like on the second');
  expect(
    (await call(second, 'PUT', `/api/posts/${target._id}/bookmark`, undefined, reader.headers)).status,
  ).toBe(200);
  expect(await inDeep(second)).toMatchObject({ bookmarkedByMe: true });
  await until(async () => (await inDeep(first))?.bookmarkedByMe === true, 'bookmark on the first');
  expect(
    (await call(second, 'DELETE', `/api/posts/${target._id}/bookmark`, undefined, reader.headers)).status,
  ).toBe(200);
  expect(await inDeep(second)).toMatchObject({ bookmarkedByMe: false, likedByMe: true });
  await until(async () => (await inDeep(first))?.bookmarkedByMe === false, 'bookmark removed on the first');

  // A mute (the users service's event), once each instance handled it: gone from deep pages too.
  await recordEvent(h.db, LOGS.relations, { type: 'mute', ownerId: oid(reader.id), targetId: oid(pub.id) });
  await Promise.all([first, second].map((service) => drainConsumers(service)));
  for (const service of [first, second])
    for (const query of ['page=8&limit=10', 'page=2&limit=50']) {
      const page = await feed(service, reader, query);
      expect(page.posts.length).toBeGreaterThan(0);
      expect(page.posts.some((post) => post.author._id === pub.id)).toBe(false);
    }
});

test('a cached page is sent as kept bytes: the same ETag while nothing changes, a new one at once after the reader’s like, 304 on a match', async () => {
  const ada = newUser('ada');
  const bob = newUser('bob');
  const post = await createPost(first, bob, 'kept as bytes');
  const page = () => call<CursorPage>(first, 'GET', '/api/posts?limit=5', undefined, ada.headers);
  const before = await page();
  const again = await page();
  expect(before.status).toBe(200);
  expect(again.headers.get('etag')).toBe(before.headers.get('etag'));
  expect(again.body).toEqual(before.body);
  expect(before.headers.get('content-type')).toBe('application/json; charset=utf-8');
  expect(before.headers.get('cache-control')).toBe('private, no-cache');
  expect(before.headers.get('vary')).toMatch(/Authorization/);
  const tag = before.headers.get('etag') as string;
  const unchanged = await call(first, 'GET', '/api/posts?limit=5', undefined, {
    ...ada.headers,
    'if-none-match': tag,
    // fetch would add `Cache-Control: no-cache` to a request with If-None-Match, which forbids a 304.
    'cache-control': 'max-age=0',
  });
  expect(unchanged.status).toBe(304);

  // Another reader with the same view of the page gets the same bytes; the liker's own view changes at once.
  expect((await call(first, 'GET', '/api/posts?limit=5', undefined, bob.headers)).headers.get('etag')).toBe(
    tag,
  );
  expect((await call(first, 'PUT', `/api/posts/${post._id}/like`, undefined, ada.headers)).status).toBe(200);
  const after = await call<CursorPage>(first, 'GET', '/api/posts?limit=5', undefined, {
    ...ada.headers,
    'if-none-match': tag,
    'cache-control': 'max-age=0',
  });
  expect(after.status).toBe(200);
  expect(after.headers.get('etag')).not.toBe(tag);
  expect(after.body.posts.find((view) => view._id === post._id)).toMatchObject({ likes: 1, likedByMe: true });
  // The bytes are exactly those of the answer: the tag is the SHA-256 of what was sent.
  expect(after.headers.get('etag')).toBe(entityTag(JSON.stringify(after.body)));
});
