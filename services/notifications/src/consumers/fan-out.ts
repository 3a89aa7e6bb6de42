import { eventLog, type EventConsumerSpec } from '@devcircle/service-kit';
import { NOTIFICATIONS, type NotificationDoc } from '../notifications/notification';
import type { SocketRegistry } from '../realtime/registry';

/**
 * `notifications.push`, run by every instance for itself ('live') when `REALTIME_FANOUT` is `stream` (the
 * default): each new notification, whichever instance made it, goes to the recipient's room on this instance.
 * The notifications collection is the log: its change stream hands over each insert as it commits, so a
 * notification is pushed exactly when it exists. The inserting instance has pushed it already (notify.ts):
 * `push` sends each id once per instance.
 */
export function fanOutConsumer(registry: SocketRegistry): EventConsumerSpec<NotificationDoc> {
  return {
    name: 'notifications.push',
    log: eventLog<NotificationDoc>(NOTIFICATIONS),
    position: 'live',
    handle: async (doc) => {
      if (doc.removed) return;
      registry.push(doc);
    },
  };
}
