import type { ObjectId } from 'mongodb';
import type { PostsContext } from '../context';
import type { Post } from '../posts/post';
import type { FeedViewer } from './feed-viewer';
import { visibleGiven } from './visibility-rule';

/**
 * How many of the viewer's follows the feed looks at for private authors. Keeps the lookup and the feed's
 * `$in` bounded; someone following more sees the private posts of only that many of them (never more).
 */
export const FOLLOWEES_CONSIDERED = 1000;

/**
 * Three indexed reads: the viewer's follows (pair index), then which of those are private (`_id`); beside them
 * the authors hidden from the viewer (blocks and mutes, `hidden_authors`).
 */
export async function feedViewer(app: PostsContext, viewer: ObjectId): Promise<FeedViewer> {
  const [followees, hidden] = await Promise.all([
    app.follows.followeesOf(viewer, FOLLOWEES_CONSIDERED),
    app.hidden.hiddenFrom(viewer),
  ]);
  return { id: viewer, privateFollowees: await app.authors.privateAmong(followees), hidden };
}

/**
 * A post is visible unless its author is private and the viewer is neither the author nor a follower, or a block
 * either way stands between the two (docs/safety.md: the blocker's posts look missing to the blocked).
 */
export async function canSee(app: PostsContext, post: Post, viewer: ObjectId): Promise<boolean> {
  if (post.authorId.equals(viewer)) return true;
  const [blocked, following] = await Promise.all([
    app.hidden.blockedBetween(viewer, post.authorId),
    post.authorPrivate === true ? app.follows.isFollowing(viewer, post.authorId) : true,
  ]);
  return visibleGiven({ post, viewer }, { blocked, following });
}
