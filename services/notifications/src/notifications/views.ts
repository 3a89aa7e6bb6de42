import type { NotificationsContext } from '../context';
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
