import { runLoad } from '../shared/load';
import { formatCount, formatMs } from '../shared/stats';
import { benchUser, expectStatus, json } from './http';
import { measureGet } from './measure';
import type { Bench } from './results';
import { newestPost } from './seed';

interface FeedAnswer {
  posts: { _id: string }[];
}

/**
 * The feed: the first page as the feed remote asks for it (`?limit=10`, which is page mode), a deep page by
 * cursor and the same depth by page number, each with one client and with several in flight; then cursor and
 * page number side by side at growing depths.
 */
export async function benchFeed(bench: Bench): Promise<void> {
  const { config, seeded, results } = bench;
  const reader = benchUser('feedreader');
  const limit = config.pageSize;
  const deep = config.deepPosition;
  const cursorPath = (depth: number) =>
    `/api/posts?before=${newestPost(seeded, depth).toHexString()}&limit=${limit}`;
  const pagePath = (depth: number) => `/api/posts?page=${depth / limit + 1}&limit=${limit}`;

  // The pages hold the posts they should before anything is timed.
  const firstOf = async (urlPath: string) =>
    json<FeedAnswer>(await expectStatus(bench.baseUrl, reader, 200, 'GET', urlPath)).posts;
  const expectFirst = async (urlPath: string, position: number) => {
    const posts = await firstOf(urlPath);
    const want = newestPost(seeded, position).toHexString();
    if (posts.length !== limit || posts[0]._id !== want)
      throw new Error(`${urlPath}: ${posts.length} posts starting at ${posts[0]?._id}, expected ${want}`);
  };
  await expectFirst(`/api/posts?limit=${limit}`, 1);
  await expectFirst(cursorPath(deep), deep + 1);
  await expectFirst(pagePath(deep - limit), deep - limit + 1);

  const runs = [
    { request: `feed first page: ?limit=${limit}`, path: `/api/posts?limit=${limit}` },
    {
      request: `feed by cursor: ?before=<${formatCount(deep)}th newest>&limit=${limit}`,
      path: cursorPath(deep),
    },
    {
      request: `feed by page number: ?page=${formatCount(deep / limit)}&limit=${limit}`,
      path: pagePath(deep - limit),
    },
  ];
  for (const run of runs)
    for (const clients of [1, config.readConcurrency])
      results.reads.push(
        await measureGet(bench, run.request, run.path, reader, { clients, ops: config.readOps }),
      );

  // What a page-number request runs besides the page itself: the collection's count for `pagination.pages`.
  const count = await runLoad(
    { ops: config.depthOps, concurrency: 1, maxSeconds: config.maxPhaseSeconds },
    () => bench.db.collection('posts').estimatedDocumentCount(),
  );
  results.notes.push(
    `A page-number request (\`?page=\`) also counts the posts for \`pagination.pages\` with ` +
      `\`estimatedDocumentCount()\` (the collection's metadata, no scan); through the driver alone, over ` +
      `${formatCount(config.posts)} posts, it takes p50 ${formatMs(count.latencyMs.p50)}, ` +
      `p95 ${formatMs(count.latencyMs.p95)} (1 client). Without \`page\` the feed pages by cursor and counts nothing.`,
  );

  for (const depth of config.depths) {
    await expectFirst(cursorPath(depth), depth + 1);
    await expectFirst(pagePath(depth), depth + 1);
    const options = { clients: 1, ops: config.depthOps };
    const cursor = await measureGet(bench, 'cursor', cursorPath(depth), reader, options);
    const page = await measureGet(bench, 'page', pagePath(depth), reader, options);
    results.depths.push({ depth, cursor: cursor.load, page: page.load });
  }
}
