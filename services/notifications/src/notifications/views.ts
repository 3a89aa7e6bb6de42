import type { NotificationGroup } from '@devcircle/contracts';
import type { NotificationsContext } from '../context';
import { toGroupView, type GroupRow } from './groups';
import { toView, type NotificationDoc, type NotificationView } from './notification';

/** The views of a page, with each sender's current names (the stored ones when `people` has none). */
export async function viewsOf(
  ctx: NotificationsContext,
  docs: NotificationDoc[],
): Promise<NotificationView[]> {
  const people = await ctx.people.findMany(docs.map((doc) => doc.fromUserId));
  return docs.map((doc) => {
    const person = people.get(doc.fromUserId.toHexString());
    return toView(
      doc,
      person?.username ? { username: person.username, displayName: person.displayName ?? '' } : undefined,
    );
  });
}

/**
 * The views of a page of groups, with one `people` lookup for all their actors: current names (the stored ones
 * when `people` has none), and null for an account that is gone (as a notification's `fromUser`), so a group
 * never names someone deleted while their notifications wait to be removed.
 */
export async function groupViewsOf(
  ctx: NotificationsContext,
  rows: GroupRow[],
): Promise<NotificationGroup[]> {
  const people = await ctx.people.findMany(rows.flatMap((row) => row.actors.map((actor) => actor.id)));
  return rows.map((row) =>
    toGroupView(row, (id, stored) => {
      const person = people.get(id.toHexString());
      if (person?.deleted) return null;
      const username = person?.username ?? stored.username;
      const displayName = (person?.username ? person.displayName : stored.displayName) || username;
      return { _id: id.toHexString(), username, displayName };
    }),
  );
}
