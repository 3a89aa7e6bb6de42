import type { PostView } from '../src';
import { call, createPost, newUser, oid, startPosts, statsOf, type PostsHarness, type User } from './harness';

let h: PostsHarness;
beforeAll(async () => {
  h = await startPosts();
});
afterAll(() => h.stop());

const like = (postId: string, user: User) =>
  call<PostView>(h.service, 'PUT', `/api/posts/${postId}/like`, undefined, user.headers);
const deletePost = (postId: string, user: User) =>
  call(h.service, 'DELETE', `/api/posts/${postId}`, undefined, user.headers);

/** What the stats must equal: the author's posts and the likes stored on them. */
async function countedStats(userId: string) {
  const posts = await h.db
    .collection('posts')
    .find({ authorId: oid(userId) })
    .toArray();
  const likes = await h.db.collection('likes').countDocuments({ postId: { $in: posts.map((p) => p._id) } });
  return { posts: posts.length, likes };
}

test('posts and likes received follow creates, likes, unlikes (self-likes too) and deletes', async () => {
  const author = newUser();
  const fan = newUser();
  expect(await statsOf(h.service, author.id)).toEqual({ posts: 0, likes: 0 });
  const first = await createPost(h.service, author);
  const second = await createPost(h.service, author);
  expect(await statsOf(h.service, author.id)).toEqual({ posts: 2, likes: 0 });
  await like(first._id, fan);
  await like(first._id, author);
  await like(second._id, fan);
  expect(await statsOf(h.service, author.id)).toEqual({ posts: 2, likes: 3 });
  await like(second._id, fan); // unlike
  expect(await statsOf(h.service, author.id)).toEqual({ posts: 2, likes: 2 });
  expect((await deletePost(first._id, author)).status).toBe(200);
  expect(await statsOf(h.service, author.id)).toEqual({ posts: 1, likes: 0 });
  // Someone else's delete changes nothing.
  expect((await deletePost(second._id, fan)).status).toBe(403);
  expect(await statsOf(h.service, author.id)).toEqual({ posts: 1, likes: 0 });
  // The fan's stats were never touched: they liked, they were not liked.
  expect(await statsOf(h.service, fan.id)).toEqual({ posts: 0, likes: 0 });
});

// 144 toggles at once and 6 deletions, which conflict with the toggles' batches on the posts and the author's
// counts (the driver retries them). Toggles in batches (likes/batch.ts) took this from 15 s (one conflicting
// transaction per toggle) to about 1 s; the outcome is what is checked.
const STORM_TIMEOUT_MS = 60_000;

test(
  'exact after concurrent likes, unlikes and deletions of the liked posts',
  async () => {
    const author = newUser();
    const fans = Array.from({ length: 12 }, () => newUser());
    const posts = await Promise.all(
      Array.from({ length: 6 }, (_, i) => createPost(h.service, author, `p${i}`)),
    );
    expect(await statsOf(h.service, author.id)).toEqual({ posts: 6, likes: 0 });

    // Every fan toggles every post 1–3 times at once while half of the posts are deleted (twice, concurrently).
    const toggles = posts.flatMap((post, p) =>
      fans.flatMap((fan, f) => Array.from({ length: 1 + ((p + f) % 3) }, () => like(post._id, fan))),
    );
    const deletions = posts.filter((_, p) => p % 2 === 0).flatMap((post) => [post, post]);
    const results = await Promise.all([...toggles, ...deletions.map((post) => deletePost(post._id, author))]);
    // Toggles on a deleted post answer 404, the toggle storm can answer 409; never a 500.
    expect(results.every((reply) => [200, 404, 409].includes(reply.status))).toBe(true);

    const expected = await countedStats(author.id);
    expect(expected.posts).toBe(3);
    expect(await statsOf(h.service, author.id)).toEqual(expected);
    // And the posts that remain are each exact, as before.
    for (const post of await h.db
      .collection('posts')
      .find({ authorId: oid(author.id) })
      .toArray()) {
      expect(post.likesCount).toBe(await h.db.collection('likes').countDocuments({ postId: post._id }));
    }
  },
  STORM_TIMEOUT_MS,
);

test('concurrent post creation counts every post', async () => {
  const author = newUser();
  await Promise.all(Array.from({ length: 15 }, (_, i) => createPost(h.service, author, `burst ${i}`)));
  expect(await statsOf(h.service, author.id)).toEqual({ posts: 15, likes: 0 });
});
