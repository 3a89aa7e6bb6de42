import type { PostEvent } from '@devcircle/contracts';
import { eventObjectId, LOGS, type EventConsumerSpec, type Recorded } from '@devcircle/service-kit';
import { ObjectId, type Db } from 'mongodb';
import type { NotificationsContext } from '../context';
import { recordSignal } from '../events/signals';
import { notifyAll, type Happening } from '../notifications/notify';
import { PEOPLE, USERNAME_COLLATION } from '../people/repository';
import { actorOf } from './actor';

type Event = Recorded<PostEvent<ObjectId>>;

/** `people` by username without case: how a mention's `@name` finds its member. */
export async function ensureMentionIndexes(db: Db): Promise<void> {
  await db
    .collection(PEOPLE)
    .createIndexes([{ key: { username: 1 }, name: 'username_ci', collation: USERNAME_COLLATION }]);
}

/**
 * `notifications.mentions` (issue 19): `@name` in a new post (`post.created`) or comment (`comment`), or added by
 * editing a comment (`comment.edited`), notifies that member, once per post or comment (the key
 * `mention:<post or comment id>`: an edit naming someone the comment already notified is a no-op), never the
 * writer (the posts service leaves them out, and `notifyAll` skips anyone notifying themselves). The event
 * carries only the names that may see the post (the posts service decides, docs/rich-text.md); an unknown or
 * deleted name notifies nobody. A deleted comment takes its mentions with it, a deleted post all of its
 * notifications (here too, so a mention made after `notifications.posts` removed the post's is not left behind).
 *
 * A consumer of its own on `post_events`, beside `notifications.posts`: it reads the same log at its own position,
 * and a like or an unlike is skipped without a database call.
 */
export function mentionsConsumer(ctx: NotificationsContext): EventConsumerSpec<PostEvent<ObjectId>> {
  const handleBatch = async (events: Event[]): Promise<void> => {
    for (const event of events) {
      if (event.type === 'post.deleted' || event.type === 'comment.deleted') await forget(ctx, event);
      else if (event.type === 'post.created' || event.type === 'comment' || event.type === 'comment.edited')
        await notifyAll(ctx, await happeningsOf(ctx, event));
    }
  };
  return {
    name: 'notifications.mentions',
    log: LOGS.posts,
    handle: (event) => handleBatch([event]),
    handleBatch,
  };
}

/** One mention notification per member named (none for a malformed event, which is logged and skipped). */
async function happeningsOf(ctx: NotificationsContext, event: Event): Promise<Happening[]> {
  const names = Array.isArray(event.mentions)
    ? event.mentions.filter((name): name is string => typeof name === 'string')
    : [];
  if (names.length === 0) return [];
  const actor = actorOf(event);
  const postId = eventObjectId(event.postId);
  const onComment = event.type !== 'post.created';
  const commentId = onComment ? eventObjectId(event.commentId) : undefined;
  if (!actor || !postId || (onComment && !commentId)) {
    ctx.deps.logger.error({ eventId: event._id, type: event.type }, 'malformed mention event; skipped');
    return [];
  }
  const members = await ctx.people.findByUsernames(names);
  const key = `mention:${(commentId ?? postId).toHexString()}`;
  return members.map((member) => ({
    type: 'mention',
    recipientId: member._id,
    actorId: actor.id,
    actorUsername: actor.username,
    postId,
    key,
    event,
  }));
}

async function forget(ctx: NotificationsContext, event: Event): Promise<void> {
  const postId = eventObjectId(event.postId);
  if (!postId) return;
  const commentId = eventObjectId(event.commentId);
  let removed: Map<string, ObjectId[]>;
  if (event.type === 'post.deleted') removed = await ctx.notifications.removeWhere({ postId });
  else if (commentId)
    removed = await ctx.notifications.removeWhere({ postId, key: `mention:${commentId.toHexString()}` });
  else return;
  for (const [userId, ids] of removed)
    await recordSignal(ctx.deps.db, { type: 'removed', userId: new ObjectId(userId), ids });
}
