import { eventLog, type EventConsumerSpec } from '@devcircle/service-kit';
import { NOTIFICATIONS, toView, type NotificationDoc } from '../notifications/notification';
import type { SocketRegistry } from '../realtime/registry';

/**
 * `notifications.push`, run by every instance for itself ('live'): each new notification, whichever instance
 * made it, goes to the recipient's sockets on this instance. The notifications collection is the log (its `_id`
 * is made at insertion), so a notification is pushed exactly when it exists, and the event consumers' look-back
 * machinery also catches inserts that commit out of order.
 */
export function fanOutConsumer(registry: SocketRegistry): EventConsumerSpec<NotificationDoc> {
  return {
    name: 'notifications.push',
    log: eventLog<NotificationDoc>(NOTIFICATIONS),
    position: 'live',
    // Inserts here commit within milliseconds of their id; a short window keeps the re-reading small while
    // notifications pour in (every instance reads every one).
    lookBackMs: 5000,
    // Sockets on other instances than the one that made a notification wait for this poll.
    intervalMs: 100,
    handle: async (doc) => {
      if (doc.removed) return;
      registry.deliver(doc.userId.toHexString(), toView(doc));
    },
  };
}
