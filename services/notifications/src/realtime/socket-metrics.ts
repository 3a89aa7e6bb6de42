import { gaugeReadOnScrape, type ProcessMetrics } from '@devcircle/service-kit';
import type { NotificationServer } from './types';

/**
 * The sockets this instance holds (users connected here), and its engine's connections (handshakes still being
 * checked included). Read when scraped: nothing per connection or push.
 */
export function socketMetrics(io: NotificationServer, metrics: ProcessMetrics): void {
  gaugeReadOnScrape(metrics, {
    name: 'socketio_sockets_held',
    help: 'socket.io sockets held by this instance',
    read: () => io.of('/').sockets.size,
  });
  gaugeReadOnScrape(metrics, {
    name: 'socketio_engine_connections',
    help: 'engine.io connections open on this instance (handshakes being checked included)',
    read: () => io.engine.clientsCount,
  });
}
