import type { EventConsumerSpec } from '@devcircle/service-kit';
import { eventObjectId } from '../ids';
import { NOTIFICATION_SIGNALS } from '../notifications/signals';
import type { SocketRegistry } from './registry';

/**
 * `notifications.signals`, run by every instance for itself ('live'): a mark-all-read or delete-all made through
 * any instance reaches the user's sockets on this one, so their other tabs and devices follow.
 */
export function signalFanOutConsumer(registry: SocketRegistry): EventConsumerSpec {
  return {
    name: 'notifications.signals',
    log: NOTIFICATION_SIGNALS,
    position: 'live',
    lookBackMs: 5000,
    intervalMs: 100,
    handle: async (event) => {
      const userId = eventObjectId(event.userId);
      const upTo = eventObjectId(event.upTo);
      if (!userId || !upTo) return;
      const name = event.type === 'read' ? 'notifications:read' : 'notifications:cleared';
      registry.tell(userId.toHexString(), name, upTo.toHexString());
    },
  };
}
