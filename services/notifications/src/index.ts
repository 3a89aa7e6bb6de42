import type { ServiceDefinition } from '@devcircle/service-kit';
import { ensureBugReportIndexes } from './bug-reports/repository';
import { bugReportRoutes } from './bug-reports/routes';
import { accountDeletionConsumer } from './consumers/account-deletion';
import { followEventsConsumer } from './consumers/follow-events';
import { namesConsumers } from './consumers/names';
import { postEventsConsumer } from './consumers/post-events';
import { contextOf } from './context';
import { ensureNotificationIndexes } from './notifications/repository';
import { notificationRoutes } from './notifications/routes';
import { ensureSignalLog } from './notifications/signals';
import { fanOutConsumer } from './realtime/fan-out';
import { signalFanOutConsumer } from './realtime/signal-fan-out';

export type { NotificationView } from './notifications/notification';
import { attachSocketServer } from './realtime/socket-server';

/**
 * The notifications service: notifications made from the posts' and users' events, their API, the real-time
 * socket, and bug reports. Contract: README.md.
 */
export const definition: ServiceDefinition = {
  name: 'notifications',
  setup: async ({ db }) => {
    await ensureBugReportIndexes(db);
    await ensureNotificationIndexes(db);
    await ensureSignalLog(db);
  },
  routes: (router, deps) => {
    bugReportRoutes(router, deps.db);
    notificationRoutes(router, contextOf(deps));
  },
  consumers: (deps) => {
    const ctx = contextOf(deps);
    return [
      ...namesConsumers(ctx),
      postEventsConsumer(ctx),
      followEventsConsumer(ctx),
      accountDeletionConsumer(ctx),
      fanOutConsumer(ctx.registry),
      signalFanOutConsumer(ctx.registry),
    ];
  },
  attach: (server, deps) => attachSocketServer(server, contextOf(deps)),
};
