import type { AccountDeleted } from '@devcircle/contracts';
import { eventObjectId, LOGS, type EventConsumerSpec } from '@devcircle/service-kit';
import type { ObjectId } from 'mongodb';
import { deleteUserContent } from '../deletion/delete-user-content';
import type { PostsContext } from '../context';

/**
 * `posts.account-deletion`: a deleted account's posts, likes and comments go, as with
 * `DELETE /internal/users/:userId`. The cascade is safe to repeat, so redelivery removes nothing twice.
 */
export function accountDeletionConsumer(app: PostsContext): EventConsumerSpec<AccountDeleted<ObjectId>> {
  return {
    name: 'posts.account-deletion',
    log: LOGS.users,
    handle: async (event) => {
      if (event.type !== 'account.deleted') return;
      const userId = eventObjectId(event.userId);
      if (!userId) {
        app.deps.logger.error({ eventId: event._id }, 'account.deleted without a user id; skipped');
        return;
      }
      const removed = await deleteUserContent(app, userId);
      app.cache.clear();
      app.deps.logger.info({ userId: userId.toHexString(), removed }, 'account content deleted');
    },
  };
}
