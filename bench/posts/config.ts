/** How big the posts benchmark is: the full run (the scale docs/architecture.md sets) or `--quick`, ~10× smaller. */
export interface BenchConfig {
  quick: boolean;
  /** Posts in the feed, and the distinct authors who wrote them (every author has an `authors` record). */
  posts: number;
  authors: number;
  /** The big post: its likes (each by a distinct user) and comments (by the authors above). */
  bigPostLikes: number;
  bigPostComments: number;
  /** insertMany batch size for seeding. */
  seedBatch: number;
  /** The deep page: the cursor is the id of the `deepPosition`-th newest post; page mode reads the same depth. */
  deepPosition: number;
  pageSize: number;
  /** Further depths for the cursor-vs-page table (posts before the page). */
  depths: number[];
  depthOps: number;
  /** Requests per read measurement, and the in-flight count of the concurrent read runs. */
  readOps: number;
  readConcurrency: number;
  /** Like toggles: users toggling at once, posts they toggle, toggles in all. */
  likeUsers: number;
  likePosts: number;
  likeOps: number;
  /** Comment adds: users commenting at once, posts they comment on, comments in all. */
  commentUsers: number;
  commentPosts: number;
  commentOps: number;
  /** Upper bound on any timed run; a run that hits it reports how many requests it made. */
  maxPhaseSeconds: number;
}

export const FULL: BenchConfig = {
  quick: false,
  posts: 100_000,
  authors: 10_000,
  bigPostLikes: 100_000,
  bigPostComments: 2_000,
  seedBatch: 1_000,
  deepPosition: 50_000,
  pageSize: 10,
  depths: [10, 1_000, 10_000, 50_000, 90_000],
  depthOps: 100,
  readOps: 2_000,
  readConcurrency: 16,
  likeUsers: 32,
  likePosts: 100,
  likeOps: 5_000,
  commentUsers: 16,
  commentPosts: 100,
  commentOps: 3_000,
  maxPhaseSeconds: 15,
};

export const QUICK: BenchConfig = {
  quick: true,
  posts: 10_000,
  authors: 1_000,
  bigPostLikes: 10_000,
  bigPostComments: 200,
  seedBatch: 1_000,
  deepPosition: 5_000,
  pageSize: 10,
  depths: [10, 1_000, 5_000, 9_000],
  depthOps: 30,
  readOps: 200,
  readConcurrency: 16,
  likeUsers: 32,
  likePosts: 20,
  likeOps: 640,
  commentUsers: 16,
  commentPosts: 20,
  commentOps: 320,
  maxPhaseSeconds: 5,
};
