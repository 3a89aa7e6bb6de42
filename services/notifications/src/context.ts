import type { ServiceDeps } from '@devcircle/service-kit';
import { loadNotificationsSettings, type NotificationsSettings } from './config';
import { NotificationRepository } from './notifications/repository';
import { PeopleRepository } from './people/repository';
import { SocketRegistry } from './realtime/registry';

/** What the routes, consumers and the socket server of one running service share. */
export interface NotificationsContext {
  deps: ServiceDeps;
  settings: NotificationsSettings;
  notifications: NotificationRepository;
  people: PeopleRepository;
  /** The sockets this instance holds. */
  registry: SocketRegistry;
}

const contexts = new WeakMap<ServiceDeps, NotificationsContext>();

/**
 * One context per started service: the definition's hooks each receive the same `deps`. The routes ask first,
 * before the server listens, so a bad setting stops the start with its message.
 */
export function contextOf(deps: ServiceDeps): NotificationsContext {
  let ctx = contexts.get(deps);
  if (!ctx) {
    ctx = {
      deps,
      settings: loadNotificationsSettings(deps.env),
      notifications: new NotificationRepository(deps.db),
      people: new PeopleRepository(deps.db),
      registry: new SocketRegistry(),
    };
    contexts.set(deps, ctx);
  }
  return ctx;
}
