import type { ServiceContext, ServiceDeps } from '@devcircle/service-kit';
import { BugReportRepository } from './bug-reports/repository';
import { loadNotificationsSettings, type NotificationsSettings } from './config';
import { NotificationRepository } from './notifications/repository';
import { PeopleRepository } from './people/repository';
import { SocketRegistry } from './realtime/registry';

/** What the routes, the consumers and the socket server share, built once per start (the definition's `context`). */
export interface NotificationsContext extends ServiceContext {
  settings: NotificationsSettings;
  notifications: NotificationRepository;
  people: PeopleRepository;
  bugReports: BugReportRepository;
  /** The sockets this instance holds. */
  registry: SocketRegistry;
}

/** The service's own settings are read here, at start, so a bad value stops the start with its message. */
export function createNotificationsContext(deps: ServiceDeps): NotificationsContext {
  return {
    deps,
    settings: loadNotificationsSettings(deps.env),
    notifications: new NotificationRepository(deps.db),
    people: new PeopleRepository(deps.db),
    bugReports: new BugReportRepository(deps.db),
    registry: new SocketRegistry(),
  };
}
