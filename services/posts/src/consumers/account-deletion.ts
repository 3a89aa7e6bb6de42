import { eventObjectId } from '@devcircle/service-kit';
import type { EventConsumerSpec } from '@devcircle/service-kit';
import { deleteUserContent } from '../cleanup/delete-user-content';
import type { PostsContext } from '../context';

export const USER_EVENTS = 'user_events';

/**
 * `posts.account-deletion`: a deleted account's posts, likes and comments go, as with
 * `DELETE /internal/users/:userId`. The cascade is safe to repeat, so redelivery removes nothing twice.
 */
export function accountDeletionConsumer(app: PostsContext): EventConsumerSpec {
  return {
    name: 'posts.account-deletion',
    log: USER_EVENTS,
    handle: async (event) => {
      if (event.type !== 'account.deleted') return;
      const userId = eventObjectId(event.userId);
      if (!userId) {
        app.deps.logger.error({ eventId: event._id }, 'account.deleted without a user id; skipped');
        return;
      }
      const removed = await deleteUserContent(app, userId);
      app.deps.logger.info({ userId: userId.toHexString(), removed }, 'account content deleted');
    },
  };
}
