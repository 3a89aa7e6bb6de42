import type { ServiceDefinition } from '@devcircle/service-kit';
import { ensureBugReportIndexes } from './bug-reports/repository';
import { bugReportRoutes } from './bug-reports/routes';
import { accountDeletionConsumer } from './consumers/account-deletion';

/**
 * The notifications service: notifications, the real-time socket and bug reports. For now it takes bug
 * reports; notifications and the socket arrive with their features.
 */
export const definition: ServiceDefinition = {
  name: 'notifications',
  setup: async ({ db }) => {
    await ensureBugReportIndexes(db);
  },
  routes: (router, { db }) => {
    bugReportRoutes(router, db);
  },
  consumers: (deps) => [accountDeletionConsumer(deps)],
};
