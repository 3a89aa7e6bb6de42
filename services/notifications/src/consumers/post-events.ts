import type { PostEvent } from '@devcircle/contracts';
import { eventObjectId, LOGS, type EventConsumerSpec, type Recorded } from '@devcircle/service-kit';
import { ObjectId } from 'mongodb';
import type { NotificationsContext } from '../context';
import { notify } from '../notifications/notify';
import { recordSignal } from '../events/signals';
import { actorOf } from './actor';

/**
 * `notifications.posts`: a like or a comment on someone's post notifies its author. An unlike leaves the
 * like's notification as it is (it told of something that happened), and liking the same post again does not
 * notify twice: one like notification per person and post. A deleted post takes its notifications with it, a
 * deleted comment its own.
 */
export function postEventsConsumer(ctx: NotificationsContext): EventConsumerSpec<PostEvent<ObjectId>> {
  return {
    name: 'notifications.posts',
    log: LOGS.posts,
    handle: async (event) => {
      if (event.type === 'post.deleted' || event.type === 'comment.deleted') return forget(ctx, event);
      if (event.type !== 'like' && event.type !== 'comment') return;
      const actor = actorOf(event);
      const postId = eventObjectId(event.postId);
      const recipientId = eventObjectId(event.postAuthorId);
      if (!actor || !postId || !recipientId) {
        // Retrying cannot repair it, and holding it would stop every later event.
        ctx.deps.logger.error({ eventId: event._id, type: event.type }, 'malformed post event; skipped');
        return;
      }
      const commentId = eventObjectId(event.commentId) ?? event._id;
      const key =
        event.type === 'like'
          ? `like:${actor.id.toHexString()}:${postId.toHexString()}`
          : `comment:${commentId.toHexString()}`;
      await notify(ctx, {
        type: event.type,
        recipientId,
        actorId: actor.id,
        actorUsername: actor.username,
        postId,
        key,
        event,
      });
    },
  };
}

/** `post.deleted` / `comment.deleted`: the notifications about what is gone go too, from open lists as well. */
async function forget(ctx: NotificationsContext, event: Recorded<PostEvent<ObjectId>>): Promise<void> {
  const postId = eventObjectId(event.postId);
  const recipientId = eventObjectId(event.postAuthorId);
  const commentId = eventObjectId(event.commentId);
  let removed: Map<string, ObjectId[]>;
  if (event.type === 'post.deleted' && postId) removed = await ctx.notifications.removeWhere({ postId });
  else if (event.type === 'comment.deleted' && recipientId && commentId)
    removed = await ctx.notifications.removeWhere({
      userId: recipientId,
      key: `comment:${commentId.toHexString()}`,
    });
  else return;
  for (const [userId, ids] of removed)
    await recordSignal(ctx.deps.db, { type: 'removed', userId: new ObjectId(userId), ids });
}
