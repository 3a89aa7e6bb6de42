import type { TrendingTag, TrendingTagsAnswer } from '@devcircle/contracts';
import { ObjectId } from 'mongodb';
import type { PostsContext } from '../context';
import { POSTS } from '../posts/indexes';

/** The window explore shows, how many tags, and how long one answer is reused. */
export const TRENDING_HOURS = 24;
export const TRENDING_TAGS = 10;
export const TRENDING_CACHE_MS = 60_000;
/** After a tagged post here, the answer is kept at most this long: a new tag shows soon, at one count per 5 s. */
export const TRENDING_STALE_AFTER_POST_MS = 5_000;
/**
 * At most this many of the window's newest tagged posts are counted: the aggregation's cost stays bounded on a
 * busy day (the newest ones are what "trending" is about anyway).
 */
export const TRENDING_SCAN_MAX = 20_000;

const cached = new WeakMap<PostsContext, { until: number; answer: TrendingTagsAnswer }>();

/** A post with tags was written by this process: the kept answer goes within `TRENDING_STALE_AFTER_POST_MS`. */
export function tagsChanged(app: PostsContext, now = Date.now()): void {
  const hit = cached.get(app);
  if (hit) hit.until = Math.min(hit.until, now + TRENDING_STALE_AFTER_POST_MS);
}

/**
 * The most used tags of the last 24 hours among public authors' posts (a private author's tag never shows to a
 * stranger): the window is a range on `_id` (an ObjectId starts with its creation second), so the `_id` index
 * bounds the scan; counted with `$unwind`/`$group`. Kept a minute per process, 5 s once this process
 * has written a tagged post (docs/rich-text.md).
 */
export async function trendingTags(app: PostsContext, now = new Date()): Promise<TrendingTagsAnswer> {
  const hit = cached.get(app);
  if (hit && hit.until > now.getTime()) return hit.answer;
  const since = ObjectId.createFromTime(Math.floor(now.getTime() / 1000) - TRENDING_HOURS * 60 * 60);
  const counted = await app.deps.db
    .collection(POSTS)
    .aggregate<{ _id: string; posts: number }>([
      { $match: { _id: { $gte: since }, tags: { $exists: true }, authorPrivate: { $ne: true } } },
      { $sort: { _id: -1 } },
      { $limit: TRENDING_SCAN_MAX },
      { $project: { _id: 0, tags: 1 } },
      { $unwind: '$tags' },
      { $group: { _id: '$tags', posts: { $sum: 1 } } },
      { $sort: { posts: -1, _id: 1 } },
      { $limit: TRENDING_TAGS },
    ])
    .toArray();
  const tags: TrendingTag[] = counted.map(({ _id, posts }) => ({ tag: _id, posts }));
  const answer = { tags, hours: TRENDING_HOURS, at: now.toISOString() };
  cached.set(app, { until: now.getTime() + TRENDING_CACHE_MS, answer });
  return answer;
}
