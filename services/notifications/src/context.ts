import type { ServiceContext, ServiceDeps } from '@devcircle/service-kit';
import { BugReportRepository } from './bug-reports/repository';
import { NotificationRepository } from './notifications/repository';
import { PeopleRepository } from './people/repository';
import { SocketRegistry } from './realtime/registry';

/** What the routes, the consumers and the socket server share, built once per start (the definition's `context`). */
export interface NotificationsContext extends ServiceContext {
  notifications: NotificationRepository;
  people: PeopleRepository;
  bugReports: BugReportRepository;
  /** The sockets this instance holds. */
  registry: SocketRegistry;
}

/** Built once per start, from the kit's dependencies (the service has no settings of its own). */
export function createNotificationsContext(deps: ServiceDeps): NotificationsContext {
  return {
    deps,
    notifications: new NotificationRepository(deps.db),
    people: new PeopleRepository(deps.db),
    bugReports: new BugReportRepository(deps.db),
    registry: new SocketRegistry(),
  };
}
