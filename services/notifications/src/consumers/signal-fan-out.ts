import { eventObjectId, type EventConsumerSpec } from '@devcircle/service-kit';
import { NOTIFICATION_SIGNALS, type Signal } from '../events/signals';
import type { SocketRegistry } from '../realtime/registry';

/**
 * `notifications.signals`, run by every instance for itself ('live'): a mark-all-read, a delete-all or
 * notifications removed with their post, made through any instance, reach the user's room on this one (with
 * either `REALTIME_FANOUT`: signals are rare, and the log keeps them out of the request that made them).
 */
export function signalFanOutConsumer(registry: SocketRegistry): EventConsumerSpec<Signal> {
  return {
    name: 'notifications.signals',
    log: NOTIFICATION_SIGNALS,
    position: 'live',
    handle: async (event) => {
      const userId = eventObjectId(event.userId);
      if (!userId) return;
      if (event.type === 'removed') {
        const raw: unknown[] = Array.isArray(event.ids) ? event.ids : [];
        const hex = raw.flatMap((value) => eventObjectId(value)?.toHexString() ?? []);
        if (hex.length > 0) registry.tell(userId.toHexString(), { type: 'removed', ids: hex });
        return;
      }
      const upTo = eventObjectId(event.upTo);
      if (!upTo || (event.type !== 'read' && event.type !== 'cleared')) return;
      registry.tell(userId.toHexString(), { type: event.type, upTo: upTo.toHexString() });
    },
  };
}
