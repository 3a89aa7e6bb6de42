import type { PostEvent } from '@devcircle/contracts';
import { eventObjectId, LOGS, type EventConsumerSpec, type Recorded } from '@devcircle/service-kit';
import { ObjectId } from 'mongodb';
import type { NotificationsContext } from '../context';
import { notifyAll, prepareNotifications, type Happening } from '../notifications/notify';
import { recordSignal } from '../events/signals';
import { actorOf } from './actor';

type Event = Recorded<PostEvent<ObjectId>>;

/**
 * `notifications.posts`: a like or a comment on someone's post notifies its author. An unlike leaves the
 * like's notification as it is (it told of something that happened), and liking the same post again does not
 * notify twice: one like notification per person and post. A deleted post takes its notifications with it, a
 * deleted comment its own.
 *
 * A batch (what the stream already holds) makes the notifications of each run of likes and comments with one
 * lookup and one insert (`notifyAll`); a deletion is applied where it stands, between runs, so the outcome is
 * that of one event after the other. A batch without deletions is prepared (its lookup) while the previous
 * batch's insert runs (`prepareBatch`).
 */
export function postEventsConsumer(ctx: NotificationsContext): EventConsumerSpec<PostEvent<ObjectId>> {
  const handleBatch = async (events: Event[]): Promise<void> => {
    let run: Happening[] = [];
    for (const event of events) {
      if (isDeletion(event)) {
        await notifyAll(ctx, run);
        run = [];
        await forget(ctx, event);
        continue;
      }
      const happening = happeningOf(ctx, event);
      if (happening) run.push(happening);
    }
    await notifyAll(ctx, run);
  };
  // A batch of likes and comments (the usual one) is read while the previous batch's insert runs; one with a
  // deletion does everything in its write step, where it stands.
  const prepareBatch = async (events: Event[]): Promise<() => Promise<void>> => {
    if (events.some(isDeletion)) return () => handleBatch(events);
    const happenings = events.flatMap((event) => happeningOf(ctx, event) ?? []);
    return prepareNotifications(ctx, happenings);
  };
  return {
    name: 'notifications.posts',
    log: LOGS.posts,
    handle: (event) => handleBatch([event]),
    prepareBatch,
  };
}

const isDeletion = (event: Event): boolean =>
  event.type === 'post.deleted' || event.type === 'comment.deleted';

/** What a like or a comment notifies; undefined for other types and (logged) for a malformed event. */
function happeningOf(ctx: NotificationsContext, event: Event): Happening | undefined {
  if (event.type !== 'like' && event.type !== 'comment') return undefined;
  const actor = actorOf(event);
  const postId = eventObjectId(event.postId);
  const recipientId = eventObjectId(event.postAuthorId);
  if (!actor || !postId || !recipientId) {
    // Retrying cannot repair it, and holding it would stop every later event.
    ctx.deps.logger.error({ eventId: event._id, type: event.type }, 'malformed post event; skipped');
    return undefined;
  }
  const commentId = eventObjectId(event.commentId) ?? event._id;
  const key =
    event.type === 'like'
      ? `like:${actor.id.toHexString()}:${postId.toHexString()}`
      : `comment:${commentId.toHexString()}`;
  return {
    type: event.type,
    recipientId,
    actorId: actor.id,
    actorUsername: actor.username,
    postId,
    key,
    event,
  };
}

/** `post.deleted` / `comment.deleted`: the notifications about what is gone go too, from open lists as well. */
async function forget(ctx: NotificationsContext, event: Event): Promise<void> {
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
