import type { Collection, Document } from 'mongodb';
import { POST_INTERVAL_MS, POSTS_START, randomInt, type Author, type Post } from './data';

/** The indexes the find benchmarks create on the posts collection. */
export const POST_INDEXES = [
  { key: { seq: 1 }, unique: true },
  { key: { author: 1, createdAt: -1 } },
  { key: { createdAt: -1 } },
] as const;

/** Posts a range query returns: a window of this many minutes' posts. */
const RANGE_POSTS = 50;
const FEED_PAGE = 20;

export interface PostQuery {
  name: string;
  /** A collection scan: run far fewer times. */
  scan: boolean;
  /** Runs one query with arguments drawn from `random`, and checks that it found something. */
  run(random: () => number): Promise<void>;
  /** The explain (executionStats) of one representative query. */
  explain(): Promise<Document>;
}

/** What the driver's countDocuments sends. */
function countPipeline(author: Author): Document[] {
  return [{ $match: { author: author.id } }, { $group: { _id: 1, n: { $sum: 1 } } }];
}

function expect(condition: boolean, what: string): void {
  if (!condition) throw new Error(`query returned an unexpected result: ${what}`);
}

/** The queries a social feed makes, over `count` posts written by `authors`. */
export function postQueries(posts: Collection<Post>, count: number, authors: Author[]): PostQuery[] {
  const rangeStart = (seq: number): Date => new Date(POSTS_START + seq * POST_INTERVAL_MS);
  const rangeFilter = (seq: number): Document => ({
    createdAt: { $gte: rangeStart(seq), $lt: rangeStart(seq + RANGE_POSTS) },
  });
  const feed = (author: Author) => posts.find({ author: author.id }).sort({ createdAt: -1 }).limit(FEED_PAGE);
  return [
    {
      name: 'findOne { seq } (unique index)',
      scan: false,
      run: async (random) => {
        const seq = randomInt(random, count);
        expect((await posts.findOne({ seq }))?.seq === seq, `no post ${seq}`);
      },
      explain: () => posts.find({ seq: 1 }).limit(1).explain('executionStats'),
    },
    {
      name: 'findOne { slug } (no index)',
      scan: true,
      run: async (random) => {
        const slug = `post-${randomInt(random, count)}`;
        expect((await posts.findOne({ slug }))?.slug === slug, `no post ${slug}`);
      },
      explain: () =>
        posts
          .find({ slug: `post-${count - 1}` })
          .limit(1)
          .explain('executionStats'),
    },
    {
      name: `feed: find { author } sort { createdAt: -1 } limit ${FEED_PAGE}`,
      scan: false,
      run: async (random) => {
        const page = await feed(authors[randomInt(random, authors.length)]).toArray();
        expect(page.length > 0 && page.length <= FEED_PAGE, `feed page of ${page.length}`);
      },
      explain: () => feed(authors[0]).explain('executionStats'),
    },
    {
      name: 'countDocuments { author } (an aggregation)',
      scan: false,
      run: async (random) => {
        const author = authors[randomInt(random, authors.length)];
        expect((await posts.countDocuments({ author: author.id })) > 0, `no posts by ${author.username}`);
      },
      explain: () => posts.aggregate(countPipeline(authors[0])).explain('executionStats'),
    },
    {
      name: `range: find { createdAt: { $gte, $lt } } (~${RANGE_POSTS} posts)`,
      scan: false,
      run: async (random) => {
        const found = await posts.find(rangeFilter(randomInt(random, count - RANGE_POSTS))).toArray();
        expect(found.length === RANGE_POSTS, `range of ${found.length}`);
      },
      explain: () => posts.find(rangeFilter(0)).explain('executionStats'),
    },
  ];
}
