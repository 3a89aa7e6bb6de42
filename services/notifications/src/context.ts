import type { ServiceContext, ServiceDeps } from '@devcircle/service-kit';
import { BugReportRepository } from './bug-reports/repository';
import { ContentClient } from './clients/content';
import { loadNotificationsSettings, type NotificationsSettings } from './config';
import { EmailNotifications } from './email/email-notifications';
import { NotificationRepository } from './notifications/repository';
import { PeopleRepository } from './people/repository';
import { RelationRepository } from './relations/repository';
import { realtimeMode } from './realtime/adapter';
import { ReportRepository } from './reports/repository';
import { SocketRegistry } from './realtime/registry';

/** What the routes, the consumers and the socket server share, built once per start (the definition's `context`). */
export interface NotificationsContext extends ServiceContext {
  notifications: NotificationRepository;
  people: PeopleRepository;
  /** Blocks and mutes, for the filter where notifications are made (docs/safety.md). */
  relations: RelationRepository;
  bugReports: BugReportRepository;
  /** Members' reports of posts, comments and profiles, and the content they name (issue 20, docs/moderation.md). */
  reports: ReportRepository;
  content: ContentClient;
  settings: NotificationsSettings;
  /** E-mail notifications: switches, digests, unsubscribe links (issue 20). */
  email: EmailNotifications;
  /** The user rooms of this instance's sockets, and how pushes reach the other instances. */
  registry: SocketRegistry;
}

/** Built once per start, from the kit's dependencies (its settings: `REALTIME_FANOUT`, and config.ts's for e-mail). */
export function createNotificationsContext(deps: ServiceDeps): NotificationsContext {
  const settings = loadNotificationsSettings(deps.env);
  const people = new PeopleRepository(deps.db);
  return {
    deps,
    settings,
    email: new EmailNotifications(deps, settings, people),
    notifications: new NotificationRepository(deps.db),
    people,
    relations: new RelationRepository(deps.db),
    bugReports: new BugReportRepository(deps.db),
    reports: new ReportRepository(deps.db),
    content: new ContentClient(
      settings.postsUrl,
      settings.usersUrl,
      deps.config.internalSecret,
      settings.contentTimeoutMs,
      deps.logger,
    ),
    registry: new SocketRegistry(realtimeMode(deps.env)),
  };
}
