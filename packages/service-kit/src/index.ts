export {
  DEFAULT_PORTS,
  DEFAULT_REPLICA_SET,
  loadBaseConfig,
  parseServiceUrl,
  readInteger,
  readList,
  reachableHost,
  serviceHost,
  servicePort,
  type BaseConfig,
  type ServiceName,
} from './config';
export {
  isDatabaseUnreachable,
  isDuplicateKey,
  openDatabase,
  retryUntilDone,
  type Database,
} from './database';
export {
  badRequest,
  conflict,
  DATABASE_NOT_CONNECTED_MESSAGE,
  databaseNotConnected,
  forbidden,
  HttpError,
  notFound,
  unauthorized,
  type ErrorBody,
  type FieldError,
} from './errors';
export { errorHandler } from './error-handler';
export {
  BATCH_MAX,
  currentClusterTime,
  EVENT_CURSORS,
  ensureEventLog,
  eventLog,
  EventHandlerError,
  IDLE_WAIT_MS,
  LOGS,
  recordEvent,
  startEventConsumer,
  type EventConsumer,
  type EventConsumerSpec,
  type EventCursor,
  type EventLog,
  type EventPayload,
  type Recorded,
  type StoredEvent,
} from './events';
export { healthRoutes } from './health';
export { distinctIds, eventObjectId, parseObjectId } from './ids';
export {
  callerOf,
  decodeIdentity,
  encodeIdentity,
  IDENTITY_HEADER,
  readIdentity,
  requireIdentity,
  type Identity,
  VerifiedIdentities,
} from './identity';
export {
  createLogger,
  REQUEST_ID_HEADER,
  requestLogger,
  requestMs,
  writeRequestLine,
  type LogDestination,
  type Logger,
  type RequestLine,
  type RequestLoggerOptions,
} from './logger';
export {
  BoundHistogram,
  createProcessMetrics,
  gaugeReadOnScrape,
  httpMetrics,
  instrumentDatabase,
  LATENCY_BUCKETS,
  latencyObservers,
  type LatencyObserver,
  matchedRoute,
  metricsEndpoint,
  type ProcessMetrics,
} from './metrics';
export {
  continueTrace,
  currentTrace,
  endSpan,
  formatTraceparent,
  inTrace,
  parseTraceparent,
  SpanKind,
  startHop,
  startTracing,
  TRACEPARENT_HEADER,
  tracingSettings,
  type SpanExport,
  type TraceContext,
  type Tracer,
  type Tracing,
} from './tracing';
export { BoundedMap } from './bounded-map';
export { wakeableSleep, type WakeableSleep, type WakeableSleepOptions } from './wakeable-sleep';
export { closeServer, SERVER_KEEP_ALIVE_MS, trackAnswers } from './close-server';
export {
  createApp,
  runService,
  startService,
  type Attachment,
  type RunningService,
  type ServiceContext,
  type ServiceDefinition,
  type ServiceDeps,
} from './service';
export type { Middleware, Router } from './http-types';
export { callerIn, optionalCallerId, type Caller } from './caller';
export { limitField, objectIdString, pageCount, pageField, pageQuery, type PageQuery } from './paging';
export { Joi, validate, validated, type RequestSchemas } from './validation';
export { QUERIES_HELD, rememberedQuery } from './remembered-query';
export { cleanText, textField, textMessage, type CleanText, type TextKind, type TextProblem } from './text';
export { INTERNAL_HEADER, internalHeaders, requireInternal } from './internal';
export { runProcess } from './process';
export { COMPRESSION_THRESHOLD_BYTES, compressAnswers } from './compression';
export { conditionalGet, entityTag, sendTaggedJson, taggedJson, type TaggedJson } from './conditional-get';
export { invalidJson, isEncoded, oneBodyReading, parseJsonBody, unsupportedEncoding } from './body';
export { localSecrets, SECRET_MIN_BYTES, SECRETS_FILE, weakSecret, type Secrets } from './secrets';
export { probe, type ProbeOptions, type ProbeResult, type ProbeTls } from './probe';
export {
  checkBearer,
  checkToken,
  RevocationList,
  followRevocations,
  TOKEN_ISSUER,
  verifyToken,
  type RevocationListener,
  type RevocationFeed,
  type RevocationSync,
  type TokenCheck,
  type TokenPayload,
  type TokenVerification,
  type TokenVersionStatus,
} from './tokens';
export { inTransaction } from './transaction';
export { callUpstream, type UpstreamResult } from './upstream';
