import { notificationGroupKey } from '@devcircle/contracts';
import type { StoredEvent } from '@devcircle/service-kit';
import { ObjectId } from 'mongodb';
import type { NotificationsContext } from '../context';
import type { Person } from '../people/repository';
import type { NotificationDoc, NotificationType } from './notification';

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
 * Makes each recipient's notification, once: the unique key turns a redelivery, a second instance handling the
 * same event and a repeated like or follow into no-ops. Nobody is notified of their own doings, and nothing is
 * made for or from a deleted account. The inserting instance pushes to the sockets it holds at once; every
 * instance's fan-out (consumers/fan-out.ts) does the same for its own, and a socket never gets one twice.
 *
 * Several happenings at once have the same outcome as one after the other in this order, with one `people`
 * lookup and one unordered `insertMany` for them all. The first of two with the same recipient and key makes the
 * notification (as it would one after the other); pushed are only those this call inserted, and a failure other
 * than a key already taken is thrown after they are pushed.
 */
export async function notifyAll(ctx: NotificationsContext, happenings: Happening[]): Promise<void> {
  const insert = await prepareNotifications(ctx, happenings);
  await insert();
}

/**
 * `notifyAll` in two steps, for a consumer's `prepareBatch`: reads the `people` the notifications need and makes
 * them, and resolves to their insert (and push). What it reads, names and deleted marks, no notification write
 * changes, so a batch may be prepared while the previous batch's insert runs.
 */
export async function prepareNotifications(
  ctx: NotificationsContext,
  happenings: Happening[],
): Promise<() => Promise<void>> {
  const firstOfKey = new Map<string, Happening>();
  for (const happening of happenings) {
    const { recipientId, actorId, key } = happening;
    if (recipientId.equals(actorId)) continue;
    const recipientKey = `${recipientId.toHexString()}:${key}`;
    if (!firstOfKey.has(recipientKey)) firstOfKey.set(recipientKey, happening);
  }
  const candidates = [...firstOfKey.values()];
  if (candidates.length === 0) return async () => undefined;
  // The one filter for blocks and mutes (docs/safety.md): nothing from someone the recipient blocks or mutes, and
  // nothing from someone who blocks the recipient. Read beside the people; no notification write changes either.
  const [people, silenced] = await Promise.all([
    ctx.people.findMany(candidates.flatMap((h) => [h.recipientId, h.actorId])),
    ctx.relations.silenced(candidates),
  ]);
  const wanted = candidates.filter(
    (h) => !silenced.has(`${h.recipientId.toHexString()}:${h.actorId.toHexString()}`),
  );
  const docs: NotificationDoc[] = [];
  for (const happening of wanted) {
    const recipient = people.get(happening.recipientId.toHexString());
    const actor = people.get(happening.actorId.toHexString());
    if (recipient?.deleted || actor?.deleted) continue;
    docs.push(notificationOf(happening, actor));
  }
  return async () => {
    const { inserted, failure } = await ctx.notifications.insertNew(docs);
    for (const doc of inserted) ctx.registry.deliver(doc);
    // Follows and comments may also go by e-mail (issue 20): only what was made here, so never more than it.
    await ctx.email.noticeAll(inserted);
    // Each new one heads its group now. Should this fail, the group has two heads until the page's next read puts
    // the older one right (groupPage); nothing is lost.
    await ctx.notifications.settleHeads(inserted);
    if (failure !== undefined) throw failure;
  };
}

function notificationOf(happening: Happening, actor: Person | undefined): NotificationDoc {
  const username = actor?.username ?? happening.actorUsername;
  return {
    _id: new ObjectId(),
    userId: happening.recipientId,
    key: happening.key,
    type: happening.type,
    groupKey: notificationGroupKey(happening.type, happening.postId?.toHexString() ?? null),
    fromUserId: happening.actorId,
    fromUser: { username, displayName: actor?.displayName ?? username },
    postId: happening.postId,
    eventId: happening.event._id,
    read: false,
    head: true,
    createdAt: happening.event.createdAt,
    removed: false,
  };
}
