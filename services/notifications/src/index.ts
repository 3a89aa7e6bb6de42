import { ensureEventLog, LOGS, type ServiceDefinition } from '@devcircle/service-kit';
import { ensureBugReportIndexes } from './bug-reports/repository';
import { accountDeletionConsumer } from './consumers/account-deletion';
import { fanOutConsumer } from './consumers/fan-out';
import { followEventsConsumer } from './consumers/follow-events';
import { namesConsumers } from './consumers/names';
import { ensureMentionIndexes, mentionsConsumer } from './consumers/mentions';
import { postEventsConsumer } from './consumers/post-events';
import { relationsConsumer } from './relations/consumer';
import { ensureRelationIndexes } from './relations/repository';
import { signalFanOutConsumer } from './consumers/signal-fan-out';
import { createNotificationsContext, type NotificationsContext } from './context';
import { ensureEmailIndexes } from './email/email-notifications';
import { ensureSignalLog } from './events/signals';
import { ensureNotificationIndexes } from './notifications/repository';
import { ensureReportIndexes } from './reports/repository';
import { ensureAdapterCollection, realtimeMode } from './realtime/adapter';
import { attachSocketServer } from './realtime/socket-server';
import { bugReportRoutes } from './routes/bug-reports';
import { moderationRoutes } from './routes/moderation';
import { emailRoutes } from './routes/email';
import { notificationRoutes } from './routes/notifications';
import { reportRoutes } from './routes/reports';

/**
 * The notifications service: notifications made from the posts' and users' events, their API, the real-time
 * socket, and bug reports. Contract: README.md.
 */
export const definition: ServiceDefinition<NotificationsContext> = {
  name: 'notifications',
  context: createNotificationsContext,
  setup: async ({ db, env }) => {
    await ensureBugReportIndexes(db);
    await ensureReportIndexes(db);
    await ensureEventLog(db, LOGS.moderation);
    await ensureNotificationIndexes(db);
    await ensureSignalLog(db);
    await ensureMentionIndexes(db);
    await ensureRelationIndexes(db);
    await ensureEmailIndexes(db);
    if (realtimeMode(env) === 'adapter') await ensureAdapterCollection(db);
  },
  routes: (router, ctx) => {
    bugReportRoutes(router, ctx);
    reportRoutes(router, ctx);
    moderationRoutes(router, ctx);
    notificationRoutes(router, ctx);
    emailRoutes(router, ctx);
  },
  consumers: (ctx) => [
    ...namesConsumers(ctx),
    postEventsConsumer(ctx),
    mentionsConsumer(ctx),
    followEventsConsumer(ctx),
    accountDeletionConsumer(ctx),
    relationsConsumer(ctx),
    // With the MongoDB adapter, the inserting instance's room broadcast reaches the others.
    ...(ctx.registry.mode === 'stream' ? [fanOutConsumer(ctx.registry)] : []),
    signalFanOutConsumer(ctx.registry),
  ],
  // The socket server, and the e-mail digests' timer (started with the server, stopped before it closes).
  attach: (server, ctx) => {
    const socket = attachSocketServer(server, ctx);
    ctx.email.sender.start();
    return {
      close: async () => {
        await ctx.email.sender.stop();
        await socket.close();
      },
    };
  },
};

export type { NotificationsContext } from './context';
export type { NotificationView } from './notifications/notification';
