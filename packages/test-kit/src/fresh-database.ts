import { startServer, type RunningServer } from '@devcircle/embedded-mongo';
import {
  startService,
  type RunningService,
  type ServiceContext,
  type ServiceDefinition,
} from '@devcircle/service-kit';
import type { Db } from 'mongodb';

/** A service running in this process against an embedded server of its own. */
export interface ServiceOnFreshDatabase<Context extends ServiceContext = ServiceContext> {
  database: RunningServer;
  service: RunningService<Context>;
  /** The service's own database handle, for seeding and for checking what was stored. */
  db: Db;
  /** Stops the service, then its database. */
  stop(): Promise<void>;
}

export interface FreshDatabaseOptions {
  /** The database the service uses on the server. Default `<service name>-test`. */
  databaseName?: string;
  /** Opens the service's client with the driver's command monitoring, for `countCommands`. */
  monitorCommands?: boolean;
}

/**
 * Starts an in-memory embedded server and the service on free ports (port 0), the service's MONGODB_URI pointing
 * at the server and its logs silent unless `env` says otherwise; resolves once the service is ready (indexes
 * declared, consumers started), so what a test writes next is indexed and handled as in production.
 */
export async function startOnFreshDatabase<Context extends ServiceContext>(
  definition: ServiceDefinition<Context>,
  env: NodeJS.ProcessEnv = {},
  options: FreshDatabaseOptions = {},
): Promise<ServiceOnFreshDatabase<Context>> {
  const database = await startServer({ port: 0 });
  const databaseName = options.databaseName ?? `${definition.name}-test`;
  const service = await startService(definition, {
    port: 0,
    env: {
      MONGODB_URI: database.databaseUri(
        databaseName,
        options.monitorCommands ? { monitorCommands: 'true' } : {},
      ),
      LOG_LEVEL: 'silent',
      ...env,
    },
  });
  await service.ready;
  return {
    database,
    service,
    db: service.deps.db,
    stop: async () => {
      await service.stop();
      await database.stop();
    },
  };
}
