import type { ObjectId } from 'mongodb';
import type { PostsContext } from '../context';
import type { HiddenSet } from '../relations/hidden-author';
import type { Post } from './post';
import type { PostQuery } from './repository';

/**
 * How many followees the following feed reads posts of. Bounds the `$in` (about 17 bytes an id in the command,
 * one index seek each, docs/reads.md "The following feed"); someone following more sees the posts of this many of
 * them. Twice the 5,000 it is benchmarked at.
 */
export const FOLLOWING_FEED_AUTHORS = 10_000;

/**
 * The following feed, newest first: the posts of `authors` (the viewer and whom they follow), older than the
 * cursor if one is given. On the `{authorId: 1, _id: -1}` index each author's posts are a range already newest
 * first, and the database merges the ranges (SORT_MERGE), reading about as many entries as the page holds after
 * one seek per author. No privacy filter: every author here is the viewer or someone they follow, and a private
 * author's posts are for exactly those.
 */
export function followingQuery(authors: ObjectId[], before?: ObjectId): PostQuery {
  return {
    filter: { authorId: { $in: authors }, ...(before ? { _id: { $lt: before } } : {}) },
    sort: { _id: -1 },
  };
}

/**
 * Up to `limit` + 1 posts of the viewer's following feed (the extra one says whether there are more), and the
 * authors hidden from the viewer: two reads side by side, then the page.
 */
export async function followingFeedPosts(
  app: PostsContext,
  viewer: ObjectId,
  before: ObjectId | undefined,
  limit: number,
): Promise<{ posts: Post[]; hidden: HiddenSet }> {
  // Beside the follows, the authors hidden from the viewer: a block ended the follow already, a mute did not.
  const [followees, hidden] = await Promise.all([
    app.follows.followeesOf(viewer, FOLLOWING_FEED_AUTHORS),
    app.hidden.hiddenFrom(viewer),
  ]);
  const authors = followees.filter((id) => !hidden.all.has(id.toHexString()));
  const posts = await app.posts.list(followingQuery([viewer, ...authors], before), {
    skip: 0,
    limit: limit + 1,
  });
  return { posts, hidden };
}
