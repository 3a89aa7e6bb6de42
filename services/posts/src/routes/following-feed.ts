import type { FeedPage } from '@devcircle/contracts';
import type { ObjectId } from 'mongodb';
import type { PostsContext } from '../context';
import { followingFeedPosts } from '../posts/following-feed';
import { postViews } from '../posts/views';
import { withoutHiddenComments } from '../relations/hide';

/**
 * One page of `GET /api/posts?scope=following`: the caller's and their followees' posts, newest first, by cursor.
 * Five commands whatever the page size or the number followed: the follows, the page, then the cards' comments,
 * likes (and what else a card reads) and names, as for the everyone feed (docs/reads.md).
 */
export async function followingFeedPage(
  app: PostsContext,
  viewer: ObjectId,
  before: ObjectId | undefined,
  limit: number,
): Promise<FeedPage> {
  const { posts: found, hidden } = await followingFeedPosts(app, viewer, before, limit);
  const posts = (await postViews(app, found.slice(0, limit), viewer)).map((view) =>
    withoutHiddenComments(view, hidden),
  );
  return {
    posts,
    hasMore: found.length > limit,
    nextCursor: posts.length > 0 ? posts[posts.length - 1]._id : null,
  };
}
