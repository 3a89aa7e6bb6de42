import type { ObjectId } from 'mongodb';
import { runLoad } from '../shared/load';
import { formatCount } from '../shared/stats';
import { benchUser, expectStatus, request } from './http';
import type { Bench } from './results';
import { newestPost } from './seed';

/**
 * `likeUsers` users toggling likes at once (each worker is one user) on the big post and the newest posts; then
 * every toggled post's `likesCount` must equal its `likes` documents and the number the toggles predict
 * (a user likes a post iff their successful toggles of it are odd).
 */
export async function benchLikes(bench: Bench): Promise<void> {
  const { config, seeded, results, db } = bench;
  const users = Array.from({ length: config.likeUsers }, (_, u) => benchUser(`liker${u}`));
  const targets: ObjectId[] = [
    seeded.bigPostId,
    ...Array.from({ length: config.likePosts - 1 }, (_, k) => newestPost(seeded, k + 1)),
  ];
  const initial = new Map<string, number>();
  for (const post of await db
    .collection('posts')
    .find({ _id: { $in: targets } })
    .toArray())
    initial.set(post._id.toHexString(), post.likesCount as number);

  // Open a connection per user before timing.
  await Promise.all(
    users.map((user, u) =>
      expectStatus(
        bench.baseUrl,
        user,
        200,
        'GET',
        `/api/posts/${targets[u % targets.length].toHexString()}`,
      ),
    ),
  );

  const toggles = new Map<string, number>();
  let failed = 0;
  const load = await runLoad(
    { ops: config.likeOps, concurrency: config.likeUsers, maxSeconds: config.maxPhaseSeconds },
    async (i) => {
      const u = i % users.length;
      const post = targets[Math.floor(i / users.length) % targets.length].toHexString();
      const reply = await request(bench.baseUrl, users[u], 'PUT', `/api/posts/${post}/like`);
      if (reply.status !== 200) {
        failed++;
        return;
      }
      const key = `${post} ${u}`;
      toggles.set(key, (toggles.get(key) ?? 0) + 1);
    },
  );
  results.writes.push({ write: 'PUT /api/posts/:id/like (toggle)', clients: config.likeUsers, load, failed });

  const expected = new Map(initial);
  for (const [key, count] of toggles) {
    const post = key.split(' ')[0];
    if (count % 2 === 1) expected.set(post, (expected.get(post) ?? 0) + 1);
  }
  const mismatches: string[] = [];
  let likesOfBigPost = 0;
  for (const postId of targets) {
    const hex = postId.toHexString();
    const post = await db.collection('posts').findOne({ _id: postId });
    const documents = await db.collection('likes').countDocuments({ postId });
    const count = post?.likesCount as number;
    if (postId.equals(seeded.bigPostId)) likesOfBigPost = documents;
    if (count !== documents || documents !== expected.get(hex))
      mismatches.push(
        `${hex}: likesCount ${count}, likes documents ${documents}, expected ${expected.get(hex)}`,
      );
  }
  for (const line of mismatches) console.error(`likes mismatch: ${line}`);
  results.checks.push({
    check: `likesCount = likes documents = toggles' outcome (${targets.length} posts)`,
    ok: mismatches.length === 0 && failed === 0,
    detail:
      mismatches.length === 0
        ? `all ${targets.length} equal after ${formatCount(load.ops)} toggles (big post: ${formatCount(likesOfBigPost)})` +
          (failed ? `; ${failed} toggles failed` : '')
        : `${mismatches.length} differ, e.g. ${mismatches[0]}`,
  });
}
