import type { StoredEvent } from '@devcircle/service-kit';
import { ObjectId } from 'mongodb';
import type { NotificationsContext } from '../context';
import { toView, type NotificationDoc, type NotificationType } from './notification';

/** Something someone did that another user hears about. */
export interface Happening {
  type: NotificationType;
  recipientId: ObjectId;
  actorId: ObjectId;
  /** The username the event carried: the name used until the `people` projection knows the actor. */
  actorUsername: string;
  postId: ObjectId | null;
  key: string;
  event: StoredEvent;
}

/**
 * Makes the recipient's notification, once: the unique key turns a redelivery, a second instance handling the
 * same event and a repeated like or follow into no-ops. Nobody is notified of their own doings, and nothing is
 * made for or from a deleted account. The inserting instance pushes to the sockets it holds at once; every
 * instance's fan-out (consumers/fan-out.ts) does the same for its own, and a socket never gets one twice.
 */
export async function notify(ctx: NotificationsContext, happening: Happening): Promise<void> {
  const { recipientId, actorId } = happening;
  if (recipientId.equals(actorId)) return;
  const people = await ctx.people.findMany([recipientId, actorId]);
  const recipient = people.get(recipientId.toHexString());
  const actor = people.get(actorId.toHexString());
  if (recipient?.deleted || actor?.deleted) return;
  const username = actor?.username ?? happening.actorUsername;
  const doc: NotificationDoc = {
    _id: new ObjectId(),
    userId: recipientId,
    key: happening.key,
    type: happening.type,
    fromUserId: actorId,
    fromUser: { username, displayName: actor?.displayName ?? username },
    postId: happening.postId,
    eventId: happening.event._id,
    read: false,
    createdAt: happening.event.createdAt,
    removed: false,
  };
  if (await ctx.notifications.insert(doc)) ctx.registry.deliver(recipientId.toHexString(), toView(doc));
}
