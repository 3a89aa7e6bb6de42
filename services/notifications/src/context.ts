import type { ServiceContext, ServiceDeps } from '@devcircle/service-kit';
import { BugReportRepository } from './bug-reports/repository';
import { NotificationRepository } from './notifications/repository';
import { PeopleRepository } from './people/repository';
import { realtimeMode } from './realtime/adapter';
import { SocketRegistry } from './realtime/registry';

/** What the routes, the consumers and the socket server share, built once per start (the definition's `context`). */
export interface NotificationsContext extends ServiceContext {
  notifications: NotificationRepository;
  people: PeopleRepository;
  bugReports: BugReportRepository;
  /** The user rooms of this instance's sockets, and how pushes reach the other instances. */
  registry: SocketRegistry;
}

/** Built once per start, from the kit's dependencies (its one setting: `REALTIME_FANOUT`). */
export function createNotificationsContext(deps: ServiceDeps): NotificationsContext {
  return {
    deps,
    notifications: new NotificationRepository(deps.db),
    people: new PeopleRepository(deps.db),
    bugReports: new BugReportRepository(deps.db),
    registry: new SocketRegistry(realtimeMode(deps.env)),
  };
}
