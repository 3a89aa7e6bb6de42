import { LOGS, recordEvent, startService, type RunningService } from '@devcircle/service-kit';
import { definition, type PostView } from '../src';
import type { PostsContext } from '../src/context';
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
  type PostsHarness,
  type User,
} from './harness';

/**
 * Blocks and mutes in the posts service (docs/safety.md), through `relation_events` as the users service records
 * them: what each side reads, on the cached path and on the database path (a second instance with the cache off,
 * on the same database), and the probes a blocked member could try with ids from a page they loaded before.
 */

let h: PostsHarness;
let cached: RunningService<PostsContext>;
let direct: RunningService<PostsContext>;

beforeAll(async () => {
  h = await startPosts();
  cached = h.service as RunningService<PostsContext>;
  direct = await startService(definition, {
    port: 0,
    env: { ...POSTS_TEST_ENV, MONGODB_URI: h.database.databaseUri('posts-test'), POSTS_FEED_CACHE: 'off' },
  });
  await direct.ready;
  const deadline = Date.now() + 15_000;
  while (!cached.context.cache.live) {
    if (Date.now() > deadline) throw new Error('cache not live');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
});
afterAll(async () => {
  await direct.stop();
  await h.stop();
});

async function relation(type: 'block' | 'unblock' | 'mute' | 'unmute', owner: User, target: User) {
  await recordEvent(h.db, LOGS.relations, { type, ownerId: oid(owner.id), targetId: oid(target.id) });
  await drainConsumers(cached);
  await drainConsumers(direct);
}

const get = <T>(service: RunningService, user: User, path: string) =>
  call<T>(service, 'GET', path, undefined, user.headers);

/** Every list a reader sees posts in, on both paths: the authors and the comment writers found there. */
async function seenBy(user: User, tag: string) {
  const authors = new Set<string>();
  const commenters = new Set<string>();
  const take = (posts: PostView[] | undefined) => {
    for (const post of posts ?? []) {
      authors.add(post.author.username);
      for (const comment of post.comments) commenters.add(comment.user.username);
    }
  };
  for (const service of [cached, direct]) {
    for (const path of [
      '/api/posts?limit=50',
      '/api/posts?page=1&limit=50',
      '/api/posts?scope=following&limit=50',
      `/api/tags/${tag}/posts`,
      '/api/bookmarks',
    ]) {
      const reply = await get<CursorPage>(service, user, path);
      expect([path, reply.status]).toEqual([path, 200]);
      take(reply.body.posts);
    }
  }
  return { authors, commenters };
}

test('a block hides each from the other everywhere and refuses every probe; a mute hides for the muter only', async () => {
  const ada = newUser('ada');
  const bob = newUser('bob');
  const cy = newUser('cy');
  const tag = 'safetytest';
  const adaPost = await createPost(cached, ada, `ada writes #${tag}`);
  const bobPost = await createPost(cached, bob, `bob writes #${tag}`);
  const cyPost = await createPost(cached, cy, `cy writes #${tag}`);
  await addComment(cached, bob, cyPost._id, 'bob on cy');
  await addComment(cached, cy, adaPost._id, 'cy on ada');
  for (const [who, post] of [
    [bob, adaPost],
    [ada, bobPost],
    [ada, cyPost],
  ] as const)
    expect(
      (await call(cached, 'PUT', `/api/posts/${post._id}/bookmark`, undefined, who.headers)).status,
    ).toBe(200);
  // Everyone follows everyone, so the following feed would show them all.
  for (const [a, b] of [
    [ada, bob],
    [bob, ada],
    [ada, cy],
  ] as const)
    await recordEvent(h.db, LOGS.follows, {
      type: 'follow',
      actor: { _id: oid(a.id), username: a.username },
      targetId: oid(b.id),
    });
  await drainConsumers(cached);
  await drainConsumers(direct);

  const before = await seenBy(bob, tag);
  expect([...before.authors].sort()).toEqual(['ada', 'bob', 'cy']);

  await relation('block', ada, bob);
  await relation('mute', ada, cy);

  // The blocked member: the blocker's posts are gone from every list, and every probe with a known id is a 404.
  const blocked = await seenBy(bob, tag);
  expect(blocked.authors.has('ada')).toBe(false);
  expect(blocked.authors).toEqual(new Set(['bob', 'cy']));
  const missing = await get<{ message: string }>(cached, bob, `/api/posts/${'0'.repeat(24)}`);
  for (const service of [cached, direct]) {
    for (const [method, path, body] of [
      ['GET', `/api/posts/${adaPost._id}`],
      ['GET', `/api/posts/${adaPost._id}/comments`],
      ['PUT', `/api/posts/${adaPost._id}/like`],
      ['POST', `/api/posts/${adaPost._id}/comment`, { text: 'hello @ada' }],
      ['PUT', `/api/posts/${adaPost._id}/bookmark`],
    ] as const) {
      const reply = await call<{ message: string }>(service, method, path, body, bob.headers);
      expect([method, path, reply.status, reply.body.message]).toEqual([
        method,
        path,
        404,
        missing.body.message,
      ]);
    }
  }
  // The blocker: the blocked member's posts and comments are gone, and the muted member's too (cy's comment on
  // ada's own post as well); the blocker cannot act on the blocked member's post either.
  const blocker = await seenBy(ada, tag);
  expect(blocker.authors).toEqual(new Set(['ada']));
  expect(blocker.commenters.size).toBe(0);
  expect((await call(cached, 'PUT', `/api/posts/${bobPost._id}/like`, undefined, ada.headers)).status).toBe(
    404,
  );
  const own = await get<PostView>(direct, ada, `/api/posts/${adaPost._id}`);
  expect(own.body.comments).toEqual([]);
  const ownComments = await get<{ comments: unknown[] }>(cached, ada, `/api/posts/${adaPost._id}/comments`);
  expect(ownComments.body.comments).toEqual([]);
  // The profile page's posts (through the users service, which forwards the viewer).
  const profilePosts = await call<{ posts: PostView[] }>(
    direct,
    'GET',
    `/internal/authors/${cy.id}/posts`,
    undefined,
    { ...internal(), ...ada.headers },
  );
  expect(profilePosts.body.posts).toEqual([]);

  // A mute is the muter's alone: the muted member and everyone else see as before.
  const muted = await seenBy(cy, tag);
  expect(muted.authors).toEqual(new Set(['ada', 'bob', 'cy']));
  expect(muted.commenters).toEqual(new Set(['bob', 'cy']));

  // Unblock and unmute: all back (the ended follows are the users service's to redo, so the following feed aside).
  await relation('unblock', ada, bob);
  await relation('unmute', ada, cy);
  expect((await seenBy(ada, tag)).authors).toEqual(new Set(['ada', 'bob', 'cy']));
  expect((await get(cached, bob, `/api/posts/${adaPost._id}`)).status).toBe(200);
});

test('a page stays full when hidden authors fill the newest posts or comments (cached and database paths alike)', async () => {
  const reader = newUser('reader');
  const noisy = newUser('noisy');
  const quiet = newUser('quiet');
  const quietPosts: string[] = [];
  for (let i = 0; i < 4; i++) quietPosts.unshift((await createPost(cached, quiet, `quiet ${i}`))._id);
  for (let i = 0; i < 12; i++) await createPost(cached, noisy, `noisy ${i}`);
  const talk = quietPosts[0];
  for (let i = 0; i < 3; i++) await addComment(cached, quiet, talk, `quiet says ${i}`);
  for (let i = 0; i < 5; i++) await addComment(cached, noisy, talk, `noisy says ${i}`);
  await relation('mute', reader, noisy);
  for (const service of [cached, direct]) {
    const page = await get<CursorPage>(service, reader, '/api/posts?limit=3');
    expect(page.body.posts.map((post) => post._id)).toEqual(quietPosts.slice(0, 3));
    expect(page.body.hasMore).toBe(true);
    const comments = await get<{ comments: { text: string }[]; hasMore: boolean }>(
      service,
      reader,
      `/api/posts/${talk}/comments?limit=2`,
    );
    expect(comments.body).toEqual({
      comments: [
        expect.objectContaining({ text: 'quiet says 2' }),
        expect.objectContaining({ text: 'quiet says 1' }),
      ],
      hasMore: true,
    });
  }
});
