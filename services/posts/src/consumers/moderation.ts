import type { ModerationEvent } from '@devcircle/contracts';
import { eventObjectId, LOGS, type EventConsumerSpec } from '@devcircle/service-kit';
import type { ObjectId } from 'mongodb';
import type { PostsContext } from '../context';
import { removeComment, removePost } from '../deletion/remove-content';

/**
 * `posts.moderation`: a moderator removed a post or a comment (issue 20, docs/moderation.md). It goes exactly as
 * its author's deletion would (counts, likes, comments, bookmarks, the `post.deleted` / `comment.deleted` event
 * the notifications follow). Already gone (a redelivery, the author was quicker): nothing to do.
 */
export function moderationConsumer(app: PostsContext): EventConsumerSpec<ModerationEvent<ObjectId>> {
  return {
    name: 'posts.moderation',
    log: LOGS.moderation,
    handle: async (event) => {
      if (event.type !== 'content.removed') return;
      const postId = eventObjectId(event.postId);
      const ownerId = eventObjectId(event.ownerId);
      const commentId = event.kind === 'comment' ? eventObjectId(event.commentId) : undefined;
      if (!postId || !ownerId || (event.kind === 'comment' && !commentId)) {
        app.deps.logger.error({ eventId: event._id }, 'content.removed without its ids; skipped');
        return;
      }
      const post = await app.posts.findById(postId);
      if (!post) return;
      const author = await app.authors.findById(ownerId);
      const owner = { id: ownerId, username: author?.username ?? 'unknown' };
      const removed = commentId
        ? await removeComment(app, post, commentId, owner)
        : post.authorId.equals(ownerId) && (await removePost(app, post, owner));
      app.deps.logger.info(
        { postId: postId.toHexString(), commentId: commentId?.toHexString(), removed },
        'content removed by a moderator',
      );
    },
  };
}
