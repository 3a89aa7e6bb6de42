import { formatBytes, formatCount } from '../shared/stats';
import { benchUser, expectStatus, json } from './http';
import { measureGet } from './measure';
import type { Bench } from './results';
import { newestPost } from './seed';

/** A post's answer carries its like count and latest 50 comments, so its size must not grow with either. */
export const MAX_POST_BYTES = 64 * 1024;

interface PostAnswer {
  likes: number;
  comments: unknown[];
  commentsCount: number;
  hasMoreComments: boolean;
}

/** `GET /api/posts/:id` of the big post and, for comparison, of a post with no likes or comments. */
export async function benchPost(bench: Bench): Promise<void> {
  const { config, seeded, results } = bench;
  const reader = benchUser('postreader');
  const bigPath = `/api/posts/${seeded.bigPostId.toHexString()}`;
  const plainPath = `/api/posts/${newestPost(seeded, seeded.bigPostPosition + 1).toHexString()}`;

  const big = await expectStatus(bench.baseUrl, reader, 200, 'GET', bigPath);
  const answer = json<PostAnswer>(big);
  const shapeOk =
    answer.likes === config.bigPostLikes &&
    answer.commentsCount === config.bigPostComments &&
    answer.comments.length === 50 &&
    answer.hasMoreComments;
  results.checks.push({
    check: 'big post answer: counts, 50 latest comments',
    ok: shapeOk,
    detail:
      `likes ${formatCount(answer.likes)}, commentsCount ${formatCount(answer.commentsCount)}, ` +
      `${answer.comments.length} comments embedded, hasMoreComments ${answer.hasMoreComments}`,
  });
  results.checks.push({
    check: `big post answer size ≤ ${formatBytes(MAX_POST_BYTES)}`,
    ok: big.bytes <= MAX_POST_BYTES,
    detail: `${formatCount(big.bytes)} bytes`,
  });

  const runs = [
    {
      request: `post with ${formatCount(config.bigPostLikes)} likes, ${formatCount(config.bigPostComments)} comments`,
      path: bigPath,
    },
    { request: 'post with no likes or comments', path: plainPath },
  ];
  for (const run of runs)
    for (const clients of [1, config.readConcurrency])
      results.reads.push(
        await measureGet(bench, run.request, run.path, reader, { clients, ops: config.readOps }),
      );
}
