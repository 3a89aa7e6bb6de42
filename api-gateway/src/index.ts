import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import {
  closeServer,
  SERVER_KEEP_ALIVE_MS,
  trackAnswers,
  createLogger,
  endSpan,
  formatTraceparent,
  parseTraceparent,
  TRACEPARENT_HEADER,
  createProcessMetrics,
  instrumentDatabase,
  type LogDestination,
  notFound,
  reachableHost,
  followRevocations,
  RevocationList,
  SpanKind,
  startHop,
  startTracing,
  verifyToken,
  type Logger,
  type Tracing,
} from '@devcircle/service-kit';
import { createRequestListener } from './app';
import { AcceptedTokens } from './auth';
import { loadConfig, type GatewayConfig } from './config';
import { connectDatabase } from './database';
import { createRateLimits } from './limits';
import { listenForMetrics, type MetricsListener } from './metrics';
import { createProxy, rejectUpgrade } from './proxy';
import { prepareForwarding } from './request-context';
import { routeOf } from './routes';
import { createPools, startHealthChecks, type Pools } from './upstreams';

export { loadConfig, type GatewayConfig } from './config';
export { RevocationList } from '@devcircle/service-kit';

export interface RunningGateway {
  url: string;
  port: number;
  config: GatewayConfig;
  logger: Logger;
  pools: Pools;
  revocations: RevocationList;
  /** The tokens this gateway has accepted and remembers until they expire. */
  acceptedTokens: AcceptedTokens;
  /** Resolves once every revocation kept by auth has been read (never, while the database cannot be reached). */
  revocationsLoaded: Promise<void>;
  /** The internal /metrics listener, when METRICS_PORT turns it on. */
  metrics?: MetricsListener;
  /** The OpenTelemetry spans it exports, when the OTEL_* settings turn them on. */
  tracing?: Tracing;
  /** Stops accepting, lets in-flight requests finish (at most `graceMs`), closes sockets and timers. */
  stop(graceMs?: number): Promise<void>;
}

/** Starts a gateway with a ready configuration, listening on `config.port` (0 picks a free port). */
export async function createGateway(
  config: GatewayConfig,
  options: GatewayOptions = {},
): Promise<RunningGateway> {
  const logger = createLogger('gateway', config.logLevel, options.logDestination);
  // First: a bad OTEL_* setting stops the start before anything is opened.
  const tracing = await startTracing('gateway', options.env ?? {}, logger);
  const metrics = createProcessMetrics('gateway');
  const pools = createPools(config.upstreams, config.failureCooldownMs);
  const revocations = new RevocationList({ logger });
  const acceptedTokens = new AcceptedTokens();
  const proxy = createProxy({
    connectTimeoutMs: config.connectTimeoutMs,
    tls: config.upstreamTls,
    maxBodyBytes: config.maxBodyBytes,
    logger,
    onRevoked: (value) => revocations.applyHeader(value),
  });
  const database = connectDatabase(config.mongodbUri, logger);
  instrumentDatabase(database.client, metrics.registry);
  const limitStore = config.rateLimits.store === 'mongo' ? database.connected : undefined;
  const rateLimits = createRateLimits(config.rateLimits, limitStore, logger);
  // Normally the database is up: count there from the first request. If not, start anyway and count in memory.
  // (Revocations need no wait: until they are read, the token check does not hold a version ahead against a token.)
  if (limitStore) await database.firstAttempt;
  const feed = followRevocations({ db: database.db, list: revocations, logger, name: 'gateway.revocations' });
  const healthChecks = startHealthChecks(
    pools,
    config.healthCheckIntervalMs,
    config.healthCheckTimeoutMs,
    logger,
    config.upstreamTls,
  );

  const listener = createRequestListener({
    config,
    logger,
    pools,
    proxy,
    revocations,
    rateLimits,
    acceptedTokens,
    revocationsLoaded: () => feed.loaded,
    metrics,
    tracing,
  });
  const server = trackAnswers(http.createServer(listener));
  // Clients and load balancers reuse idle connections: Node's 5 s default made a PUT sent on one that idled that
  // long cross the close and get a reset (service-kit's SERVER_KEEP_ALIVE_MS, as the services use).
  server.keepAliveTimeout = SERVER_KEEP_ALIVE_MS;

  // Upgrades: `/socket.io` goes through to notifications, which checks the token in the socket.io handshake;
  // anything else is refused. No identity header is signed for them: socket.io answers upgrades before any
  // service route could read one (a client's copy is stripped all the same). Upgraded sockets are tracked so
  // that stop() can close them.
  const upgradedSockets = new Set<Socket>();
  server.on('upgrade', (req: http.IncomingMessage, socket: Socket, head: Buffer) => {
    socket.on('error', () => undefined);
    const pathname = (req.url ?? '/').split('?')[0];
    const route = routeOf(req.method ?? 'GET', pathname);
    if (route.kind !== 'proxy' || !route.socket) {
      rejectUpgrade(socket, 404, notFound().toBody());
      return;
    }
    const { requestId } = prepareForwarding(req, config.trustProxyHops);
    // The upgrade's trace, as for a request: continued or started, and forwarded as this hop (with spans
    // exported, a SERVER span for the hand-over to the service, not for the socket's whole life).
    const parent = parseTraceparent(req.headers[TRACEPARENT_HEADER] as string | undefined);
    const label = `socket:${route.service}`; // the route label of the metrics
    const { trace, span } = startHop(tracing?.tracer, parent, `${req.method} ${label}`, SpanKind.SERVER, {
      'http.request.method': req.method,
      'url.path': pathname,
      'http.route': label,
    });
    req.headers[TRACEPARENT_HEADER] = formatTraceparent(trace);
    // Only for the log line (the signature and expiry: no wait for a revocation catch-up before proxying). The
    // handshake makes the whole check (service-kit's) and decides.
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '')?.[1];
    const token = bearer ? verifyToken(bearer, config.jwtSecret) : undefined;
    upgradedSockets.add(socket);
    socket.once('close', () => upgradedSockets.delete(socket));
    logger.info(
      {
        requestId,
        traceId: trace.traceId,
        method: req.method,
        path: pathname,
        upgrade: req.headers.upgrade,
        ...(token && 'payload' in token ? { userId: token.payload.userId } : {}),
      },
      'upgrade',
    );
    proxy.upgrade(req, socket, head, pools[route.service], config.socketTimeoutMs);
    if (span) endSpan(span);
  });

  let metricsListener: MetricsListener | undefined;
  const release = async (): Promise<void> => {
    await metricsListener?.stop();
    healthChecks.stop();
    rateLimits.stop();
    proxy.close();
    await feed.stop();
    await database.close();
    await tracing?.shutdown(); // sends the spans still waiting
  };
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.port, config.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (err) {
    await release(); // a port in use must not leave timers and connections behind
    throw err;
  }
  try {
    metricsListener = await listenForMetrics(metrics, options.env ?? {}, logger);
  } catch (err) {
    await closeServer(server, 0);
    await release();
    throw err;
  }
  const port = (server.address() as AddressInfo).port;
  logger.info({ port, serveStatic: config.static.enabled }, 'gateway listening');

  let stopping: Promise<void> | undefined;
  return {
    url: `http://${reachableHost(config.host ?? '')}:${port}`,
    port,
    config,
    logger,
    pools,
    revocations,
    acceptedTokens,
    revocationsLoaded: feed.ready,
    metrics: metricsListener,
    tracing,
    stop: (graceMs?: number) => {
      stopping ??= (async () => {
        for (const socket of upgradedSockets) socket.destroy();
        await closeServer(server, graceMs);
        await release();
      })();
      return stopping;
    },
  };
}

/** Loads the configuration from `env` (default: the process environment) and starts a gateway. */
export async function startGateway(
  options: { port?: number; env?: NodeJS.ProcessEnv; logDestination?: LogDestination } = {},
): Promise<RunningGateway> {
  const env = options.env ?? process.env;
  return createGateway(loadConfig(env, { port: options.port }), {
    env,
    logDestination: options.logDestination,
  });
}

export interface GatewayOptions {
  /** Read for METRICS_PORT and METRICS_HOST (the internal /metrics listener) and the OTEL_* settings. */
  env?: NodeJS.ProcessEnv;
  /** Where the log lines go; stdout unless given (a test that reads them). */
  logDestination?: LogDestination;
}
