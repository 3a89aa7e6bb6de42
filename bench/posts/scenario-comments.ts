import { runLoad } from '../shared/load';
import { formatCount } from '../shared/stats';
import { benchUser, expectStatus, request } from './http';
import type { Bench } from './results';
import { newestPost } from './seed';

/**
 * `commentUsers` users adding comments at once to posts just older than the like targets; then each post's
 * `commentsCount` must equal its `comments` documents and the number of adds that answered 201.
 */
export async function benchComments(bench: Bench): Promise<void> {
  const { config, seeded, results, db } = bench;
  const users = Array.from({ length: config.commentUsers }, (_, u) => benchUser(`commenter${u}`));
  const targets = Array.from({ length: config.commentPosts }, (_, k) =>
    newestPost(seeded, config.likePosts + 1 + k),
  );

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

  const added = new Map<string, number>();
  let failed = 0;
  const load = await runLoad(
    { ops: config.commentOps, concurrency: config.commentUsers, maxSeconds: config.maxPhaseSeconds },
    async (i) => {
      const post = targets[i % targets.length].toHexString();
      const user = users[i % users.length];
      const text = `Comment ${i} from ${user.username}: nice one, thanks for sharing the numbers.`;
      const reply = await request(bench.baseUrl, user, 'POST', `/api/posts/${post}/comment`, { text });
      if (reply.status !== 201) {
        failed++;
        return;
      }
      added.set(post, (added.get(post) ?? 0) + 1);
    },
  );
  results.writes.push({ write: 'POST /api/posts/:id/comment', clients: config.commentUsers, load, failed });

  const mismatches: string[] = [];
  for (const postId of targets) {
    const hex = postId.toHexString();
    const post = await db.collection('posts').findOne({ _id: postId });
    const documents = await db.collection('comments').countDocuments({ postId });
    const count = post?.commentsCount as number;
    const expected = added.get(hex) ?? 0;
    if (count !== documents || documents !== expected)
      mismatches.push(`${hex}: commentsCount ${count}, comments documents ${documents}, adds ${expected}`);
  }
  for (const line of mismatches) console.error(`comments mismatch: ${line}`);
  results.checks.push({
    check: `commentsCount = comments documents = adds (${targets.length} posts)`,
    ok: mismatches.length === 0 && failed === 0,
    detail:
      mismatches.length === 0
        ? `all ${targets.length} equal after ${formatCount(load.ops)} adds` +
          (failed ? `; ${failed} adds failed` : '')
        : `${mismatches.length} differ, e.g. ${mismatches[0]}`,
  });
}
