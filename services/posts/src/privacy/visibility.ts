import type { ObjectId } from 'mongodb';
import type { PostsContext } from '../context';
import type { Post } from '../posts/post';
import type { FeedViewer } from './feed-viewer';

/**
 * How many of the viewer's follows the feed looks at for private authors. Keeps the lookup and the feed's
 * `$in` bounded; someone following more sees the private posts of only that many of them (never more).
 */
export const FOLLOWEES_CONSIDERED = 1000;

/** Two indexed reads: the viewer's follows (pair index), then which of those are private (`_id`). */
export async function feedViewer(app: PostsContext, viewer: ObjectId): Promise<FeedViewer> {
  const followees = await app.follows.followeesOf(viewer, FOLLOWEES_CONSIDERED);
  return { id: viewer, privateFollowees: await app.authors.privateAmong(followees) };
}

/** A post is visible unless its author is private and the viewer is neither the author nor a follower. */
export async function canSee(app: PostsContext, post: Post, viewer: ObjectId): Promise<boolean> {
  if (post.authorPrivate !== true || post.authorId.equals(viewer)) return true;
  return app.follows.isFollowing(viewer, post.authorId);
}
