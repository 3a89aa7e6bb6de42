import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Router from '@koa/router';
import Koa from 'koa';
import { koaBody } from 'koa-body';
import type { Db } from 'mongodb';
import {
  loadBaseConfig,
  reachableHost,
  serviceHost,
  servicePort,
  type BaseConfig,
  type ServiceName,
} from './config';
import { closeServer, SERVER_KEEP_ALIVE_MS, trackAnswers } from './close-server';
import { compressAnswers } from './compression';
import { conditionalGet } from './conditional-get';
import { oneBodyReading } from './body';
import { openDatabase, retryUntilDone, type Database } from './database';
import { errorHandler } from './error-handler';
import { startEventConsumer, type EventConsumer, type EventConsumerSpec } from './events';
import { healthRoutes } from './health';
import { readIdentity } from './identity';
import { createLogger, requestLogger, type LogDestination, type Logger } from './logger';
import {
  createProcessMetrics,
  httpMetrics,
  instrumentDatabase,
  matchedRoute,
  metricsEndpoint,
  type ProcessMetrics,
} from './metrics';
import { runProcess } from './process';
import { startTracing, type Tracing } from './tracing';

export interface ServiceDeps {
  /** The environment the service was started with (process.env, or a test's own). */
  env: NodeJS.ProcessEnv;
  config: BaseConfig;
  database: Database;
  db: Db;
  logger: Logger;
  /** The process's metrics registry and shared instruments (`GET /metrics`; docs/observability.md). */
  metrics: ProcessMetrics;
  /** The OpenTelemetry spans it exports, when the OTEL_* settings turn them on (docs/observability.md). */
  tracing?: Tracing;
}

/** What a service's routes, consumers and attachment share: the deps, and whatever the service adds to them. */
export interface ServiceContext {
  deps: ServiceDeps;
}

/**
 * One service, as `startService` runs it (docs/service-skeleton.md). `context` is called once per start, before
 * the routes are mounted and the server listens, so a bad setting read there stops the start with its message;
 * the routes, the consumers and the attachment all receive that one context.
 *
 * The hooks are written as methods so that a definition of any context can stand where `ServiceDefinition` is
 * expected (a test stack that starts the four services from one list).
 */
export interface ServiceDefinition<Context extends ServiceContext = ServiceContext> {
  name: ServiceName;
  /** Builds the service's context (its settings, repositories, clients) from the deps. */
  context(deps: ServiceDeps): Context;
  /** Start-up work against the database (indexes); retried until the database is reachable. */
  setup?(deps: ServiceDeps): Promise<void>;
  /** Mounts the service's routes. */
  routes(router: Router, context: Context): void;
  /** Largest JSON body accepted. Default 100 kB. */
  jsonLimit?: string;
  /** The service's event consumers (docs/events.md), started once `setup` is done. */
  consumers?(context: Context): EventConsumerSpec[];
  /**
   * Runs once the HTTP server listens, for what needs the server itself (a socket.io endpoint). `close` runs
   * first at shutdown, so long-lived connections end before the server waits for its requests.
   */
  attach?(server: Server, context: Context): Attachment;
}

/** Something `attach` hooked onto the server; closed at shutdown. */
export interface Attachment {
  close(): Promise<void>;
}

export interface StartOptions {
  port?: number;
  env?: NodeJS.ProcessEnv;
  /** Where the log lines go; stdout unless given (a test that reads them). */
  logDestination?: LogDestination;
}

export interface RunningService<Context extends ServiceContext = ServiceContext> {
  /** The address the server is bound to (SERVICE_HOST; 127.0.0.1 unless configured). */
  host: string;
  port: number;
  url: string;
  deps: ServiceDeps;
  /** The context the definition built for this start (what its routes and consumers use). */
  context: Context;
  /** Resolves when the start-up tasks have run against the database and the consumers are started. */
  ready: Promise<void>;
  /** The running event consumers, in the definition's order; empty until `ready` resolves. */
  consumers: EventConsumer[];
  stop(): Promise<void>;
}

/** Builds the Koa app every service shares: request ids and logs, errors, JSON bodies, identity, health. */
export function createApp<Context extends ServiceContext>(
  definition: ServiceDefinition<Context>,
  context: Context,
  /** Whether the start-up work is done (`/ready` is 503 `starting` until then). */
  started: () => boolean = () => true,
): Koa {
  const { deps } = context;
  const app = new Koa({ proxy: true });
  const router = new Router();
  definition.routes(router, context);
  const health = healthRoutes(definition.name, deps.database, started);
  // Scoped: the request's trace is current in everything it runs (log lines, events it records).
  app.use(
    requestLogger(deps.logger, {
      scoped: true,
      spans: deps.tracing && { tracer: deps.tracing.tracer, route: matchedRoute },
    }),
  );
  app.use(httpMetrics(deps.metrics.httpDuration, matchedRoute));
  // Services listen on the internal network only (SERVICE_HOST), like /health: /metrics is not behind a check.
  app.use(metricsEndpoint(deps.metrics.registry));
  app.use(compressAnswers());
  // Inside the compression: the ETag is the JSON's (docs/caching.md).
  app.use(conditionalGet());
  app.use(errorHandler);
  app.use(oneBodyReading);
  app.use(
    koaBody({
      json: true,
      jsonStrict: true,
      urlencoded: false,
      text: false,
      multipart: false,
      jsonLimit: definition.jsonLimit ?? '100kb',
    }),
  );
  app.use(readIdentity(deps.config.internalSecret));
  app.use(health.routes());
  app.use(router.routes());
  app.use(router.allowedMethods({ throw: true }));
  return app;
}

export async function startService<Context extends ServiceContext>(
  definition: ServiceDefinition<Context>,
  options: StartOptions = {},
): Promise<RunningService<Context>> {
  const env = options.env ?? process.env;
  const config = loadBaseConfig(env);
  const logger = createLogger(definition.name, config.logLevel, options.logDestination);
  const tracing = await startTracing(definition.name, env, logger);
  const database = openDatabase(config.mongodbUri, { logger });
  const metrics = createProcessMetrics(definition.name);
  instrumentDatabase(database.client, metrics.registry);
  const deps: ServiceDeps = { env, config, database, db: database.db, logger, metrics, tracing };
  let context: Context;
  let app: Koa;
  let setUp = false;
  try {
    context = definition.context(deps);
    app = createApp(definition, context, () => setUp);
  } catch (err) {
    // A bad setting: the start stops with its message, and leaves no connection behind.
    await database.close();
    await tracing?.shutdown();
    throw err;
  }
  const setup = retryUntilDone(() => definition.setup?.(deps) ?? Promise.resolve(), logger, 'setup');
  const specs = definition.consumers?.(context) ?? [];
  const consumers: EventConsumer[] = [];
  let stopping = false;
  // Consumers write with the indexes `setup` declares (unique keys that make them idempotent), so not before.
  const ready = setup.done.then(() => {
    if (stopping) return;
    for (const spec of specs) consumers.push(startEventConsumer(deps, spec));
    setUp = true;
  });
  const port = options.port ?? servicePort(definition.name, env);
  // Only the gateway faces users: a service listens on the loopback interface unless SERVICE_HOST says otherwise
  // (a deployment whose gateway runs on another host).
  const host = serviceHost(env);
  const server = await new Promise<Server>((resolve, reject) => {
    const listening = app.listen(port, host, () => resolve(listening));
    listening.once('error', reject);
  });
  trackAnswers(server);
  server.keepAliveTimeout = SERVER_KEEP_ALIVE_MS; // longer than the gateway's idle pool sockets: it never reuses a closing one
  const attachment = definition.attach?.(server, context);
  const { port: actualPort, address: boundHost } = server.address() as AddressInfo;
  logger.info({ port: actualPort }, `${definition.name} service listening`);
  return {
    host: boundHost,
    port: actualPort,
    url: `http://${reachableHost(host)}:${actualPort}`,
    deps,
    context,
    ready,
    consumers,
    stop: async () => {
      stopping = true;
      setup.stop();
      await attachment?.close();
      // A consumer's batch in flight finishes while the database is still open.
      await Promise.all([closeServer(server), ...consumers.map((consumer) => consumer.stop())]);
      await database.close();
      await tracing?.shutdown(); // sends the spans still waiting
    },
  };
}

/** The entry point of a service process: start, and stop gracefully on SIGTERM or SIGINT. */
export function runService<Context extends ServiceContext>(definition: ServiceDefinition<Context>): void {
  runProcess(
    `${definition.name} service`,
    () => startService(definition),
    (service) => service.deps.logger,
  );
}
