import { LOGS, recordEvent } from '@devcircle/service-kit';
import type { TrendingTagsAnswer } from '@devcircle/contracts';
import type { StoredPostEvent } from '../src';
import { POSTS } from '../src/posts/indexes';
import type { Post } from '../src/posts/post';
import { tagPostsQuery } from '../src/tags/queries';
import {
  addComment,
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

/** Issue 19: tags stored and listed with the feed's privacy, the trending tags, and the mentions events carry. */
let h: PostsHarness;
beforeAll(async () => {
  h = await startPosts();
});
afterAll(() => h.stop());

async function setPrivate(user: User): Promise<void> {
  await recordEvent(h.db, LOGS.profiles, {
    type: 'profile.updated',
    userId: oid(user.id),
    username: user.username,
    displayName: user.username,
    isPrivate: true,
  });
  await drainConsumers(h.service);
}

async function follow(follower: User, followee: User): Promise<void> {
  await recordEvent(h.db, LOGS.follows, {
    type: 'follow',
    actor: { _id: oid(follower.id), username: follower.username },
    targetId: oid(followee.id),
  });
  await drainConsumers(h.service);
}

/** Every id of a tag's posts as `viewer` pages through them two at a time. */
async function tagPosts(viewer: User, tag: string): Promise<string[]> {
  const seen: string[] = [];
  let query = '?limit=2';
  for (;;) {
    const reply = await call<CursorPage>(
      h.service,
      'GET',
      `/api/tags/${tag}/posts${query}`,
      undefined,
      viewer.headers,
    );
    expect(reply.status).toBe(200);
    seen.push(...reply.body.posts.map((post) => post._id));
    if (!reply.body.hasMore) return seen;
    query = `?limit=2&before=${reply.body.nextCursor}`;
  }
}

const eventsOf = (postId: string) =>
  h.db
    .collection<StoredPostEvent>(LOGS.posts.name)
    .find({ postId: oid(postId) })
    .sort({ _id: 1 })
    .toArray();

test('tags are extracted lower-cased and bounded, listed newest first by cursor, private authors only to followers', async () => {
  const alice = newUser('tagalice');
  const hidden = newUser('taghidden');
  const fan = newUser('tagfan');
  const stranger = newUser('tagstranger');
  const first = await createPost(h.service, alice, 'Learning #TypeScript today #typescript and `#notatag`');
  const code = await createPost(
    h.service,
    alice,
    '```\n#include <stdio.h>\n```\nC#, a&#39; and x/#y are no tags',
  );
  const many = Array.from({ length: 12 }, (_, i) => `#t${i}x`).join(' ');
  await createPost(h.service, alice, `${many} #${'a'.repeat(51)}`);
  await setPrivate(hidden);
  await follow(fan, hidden);
  const secret = await createPost(h.service, hidden, 'private #typescript');
  const second = await createPost(h.service, alice, 'more #TYPESCRIPT');

  const stored = await h.db
    .collection(POSTS)
    .find({ authorId: { $in: [oid(alice.id), oid(hidden.id)] } })
    .toArray();
  const tagsOf = (id: string) => stored.find((post) => post._id.toHexString() === id)?.tags;
  expect(tagsOf(first._id)).toEqual(['typescript']);
  expect(tagsOf(code._id)).toBeUndefined();
  expect(stored.find((post) => post.content.startsWith('#t0x'))?.tags).toEqual(
    Array.from({ length: 10 }, (_, i) => `t${i}x`),
  );

  expect(await tagPosts(stranger, 'TypeScript')).toEqual([second._id, first._id]);
  expect(await tagPosts(fan, 'typescript')).toEqual([second._id, secret._id, first._id]);
  expect(await tagPosts(hidden, 'typescript')).toEqual([second._id, secret._id, first._id]);

  const bad = await call<ErrorReply>(h.service, 'GET', '/api/tags/1abc/posts', undefined, stranger.headers);
  expect(bad.status).toBe(400);
  expect(bad.body.message).toMatch(/starting with a letter/);
  const badCursor = await call<ErrorReply>(
    h.service,
    'GET',
    '/api/tags/abc/posts?before=nope',
    undefined,
    stranger.headers,
  );
  expect(badCursor.status).toBe(400);
  const anonymous = await call(h.service, 'GET', '/api/tags/abc/posts');
  expect(anonymous.status).toBe(401);

  // Trending: public authors' posts of the day only (the private author's `#typescript` does not count).
  const trending = await call<TrendingTagsAnswer>(
    h.service,
    'GET',
    '/api/tags/trending',
    undefined,
    stranger.headers,
  );
  expect(trending.status).toBe(200);
  expect(trending.body.hours).toBe(24);
  expect(trending.body.tags[0]).toEqual({ tag: 'typescript', posts: 2 });
  expect(trending.body.tags.length).toBeLessThanOrEqual(10);

  // The tag's page walks the `{tags: 1, _id: -1}` index, newest first, with no sort of its own.
  const { filter, sort } = tagPostsQuery('typescript', {
    id: oid(fan.id),
    privateFollowees: [oid(hidden.id)],
  });
  const explain = await h.db
    .collection<Post>(POSTS)
    .find(filter)
    .sort(sort)
    .limit(3)
    .explain('executionStats');
  const plan = JSON.stringify(explain.queryPlanner.winningPlan);
  expect(plan).toContain('tag_recent');
  expect(plan).not.toContain('"SORT"');
});

test('mentions ride on post.created and comment events: never the writer, on a private post only who may see it', async () => {
  const writer = newUser('mwriter');
  const bob = newUser('mbob');
  const plain = await createPost(h.service, writer, 'no mention, mail me at me@example.com');
  expect(await eventsOf(plain._id)).toEqual([]);

  const post = await createPost(h.service, writer, 'hi @MBob and @mwriter and @nobody_here, see `@code`.');
  const [created] = await eventsOf(post._id);
  expect(created).toMatchObject({
    type: 'post.created',
    postAuthorId: oid(writer.id),
    mentions: ['MBob', 'nobody_here'],
  });
  await addComment(h.service, bob, post._id, 'thanks @mwriter!');
  const comment = (await eventsOf(post._id)).find((event) => event.type === 'comment');
  expect(comment?.mentions).toEqual(['mwriter']);

  // Editing the comment: an event only when the edit adds a name, carrying only the added ones (any case).
  const edit = async (text: string) => {
    const path = `/api/posts/${post._id}/comment/${String(comment?.commentId)}`;
    const reply = await call(h.service, 'PUT', path, { text }, bob.headers);
    expect(reply.status).toBe(200);
    return (await eventsOf(post._id)).filter((event) => event.type === 'comment.edited');
  };
  expect(await edit('thanks @MWRITER, really!')).toEqual([]);
  const [edited, ...more] = await edit('thanks @mwriter, cc @mcarol @mbob `@mdan`');
  expect(more).toEqual([]);
  expect(edited).toMatchObject({ actor: { username: 'mbob' }, commentId: comment?.commentId });
  expect(edited.mentions).toEqual(['mcarol']);
  expect(await edit('thanks @mwriter, cc @mcarol')).toHaveLength(1);

  // A private author: only the followers this service knows (and the author, in a comment) are carried.
  const shy = newUser('mshy');
  const follower = newUser('mfollower');
  const stranger = newUser('mstranger');
  // Both have written something, so the posts service knows their names.
  await createPost(h.service, follower, 'hello');
  await createPost(h.service, stranger, 'hello');
  await setPrivate(shy);
  await follow(follower, shy);
  const secret = await createPost(h.service, shy, '@mfollower @mstranger @unknownname');
  expect((await eventsOf(secret._id))[0].mentions).toEqual(['mfollower']);
  await addComment(h.service, follower, secret._id, '@mshy @mstranger');
  const onPrivate = (await eventsOf(secret._id)).find((event) => event.type === 'comment');
  expect(onPrivate?.mentions).toEqual(['mshy']);
  const nobody = await createPost(h.service, shy, 'only @mstranger');
  expect(await eventsOf(nobody._id)).toEqual([]);
});
