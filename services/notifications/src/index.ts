import type { ServiceDefinition } from '@devcircle/service-kit';
import { ensureBugReportIndexes } from './bug-reports/repository';
import { accountDeletionConsumer } from './consumers/account-deletion';
import { fanOutConsumer } from './consumers/fan-out';
import { followEventsConsumer } from './consumers/follow-events';
import { namesConsumers } from './consumers/names';
import { postEventsConsumer } from './consumers/post-events';
import { signalFanOutConsumer } from './consumers/signal-fan-out';
import { createNotificationsContext, type NotificationsContext } from './context';
import { ensureSignalLog } from './events/signals';
import { ensureNotificationIndexes } from './notifications/repository';
import { attachSocketServer } from './realtime/socket-server';
import { bugReportRoutes } from './routes/bug-reports';
import { notificationRoutes } from './routes/notifications';

/**
 * The notifications service: notifications made from the posts' and users' events, their API, the real-time
 * socket, and bug reports. Contract: README.md.
 */
export const definition: ServiceDefinition<NotificationsContext> = {
  name: 'notifications',
  context: createNotificationsContext,
  setup: async ({ db }) => {
    await ensureBugReportIndexes(db);
    await ensureNotificationIndexes(db);
    await ensureSignalLog(db);
  },
  routes: (router, ctx) => {
    bugReportRoutes(router, ctx);
    notificationRoutes(router, ctx);
  },
  consumers: (ctx) => [
    ...namesConsumers(ctx),
    postEventsConsumer(ctx),
    followEventsConsumer(ctx),
    accountDeletionConsumer(ctx),
    fanOutConsumer(ctx.registry),
    signalFanOutConsumer(ctx.registry),
  ],
  attach: attachSocketServer,
};

export type { NotificationsContext } from './context';
export type { NotificationView } from './notifications/notification';
