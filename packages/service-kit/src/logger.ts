import { randomUUID } from 'node:crypto';
import type { Context, Middleware } from 'koa';
import pino, { type DestinationStream, type Logger } from 'pino';
import { batchedStdout } from './log-destination';
import {
  currentTrace,
  endSpan,
  formatTraceparent,
  inTrace,
  parseTraceparent,
  SpanKind,
  startHop,
  TRACEPARENT_HEADER,
  type Span,
  type TraceContext,
  type Tracer,
} from './tracing';

export type { Logger };
/** Where log lines go (a test's stream; stdout by default). */
export type LogDestination = DestinationStream;

/** The mixin's answer outside any trace: never written to, so one for all. */
const NO_TRACE = Object.freeze({});

/**
 * pino's `isoTime` (`,"time":"<ISO 8601>"`), made once per millisecond of `now` instead of once per line: a busy
 * gateway writes several request lines in the same millisecond, and a `Date` and its ISO string for each was the
 * largest piece of its log line (docs/gateway.md). The same text as pino's for the same millisecond.
 */
export function isoTimePerMillisecond(now: () => number = Date.now): () => string {
  let lastMs = NaN;
  let last = '';
  return () => {
    const ms = now();
    if (ms !== lastMs) {
      lastMs = ms;
      last = `,"time":"${new Date(ms).toISOString()}"`;
    }
    return last;
  };
}

/**
 * A JSON logger. Its mixin adds the trace id of the work in progress (a service's request, an event handled) to
 * every line; a line already carrying one (the request's own logger) keeps it. `destination`: standard output in
 * batches (log-destination.ts) unless given (a test reads the lines).
 */
export function createLogger(name: string, level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      name,
      level,
      base: { service: name },
      timestamp: isoTimePerMillisecond(),
      mixin: () => {
        const trace = currentTrace();
        // In a trace, a new object each time: the merge below assigns the line's own fields onto it.
        return trace ? { traceId: trace.traceId } : NO_TRACE;
      },
      // pino's own merge (the line's fields assigned onto the mixin's object), except that a line outside any
      // trace is written as it is instead of copied into an empty object: the gateway's request lines carry
      // their trace id themselves, and that copy was one more object per line.
      mixinMergeStrategy: (line, mixed) => (mixed === NO_TRACE ? line : Object.assign(mixed, line)),
    },
    destination ?? batchedStdout(),
  );
}

export const REQUEST_ID_HEADER = 'x-request-id';

const PROBES = new Set(['/health', '/ready', '/metrics']);

/** One request's log line: what every part logs for a request, plus the part's own fields (never secrets). */
export interface RequestLine {
  method: string;
  path: string;
  status: number;
  /** The request's duration in ms, to a tenth (`requestMs`). */
  ms: number;
  [field: string]: unknown;
}

/** A request's duration (`elapsed`, in ms) as its line gives it: to a tenth of a ms. */
export function requestMs(elapsed: number): number {
  return Math.round(elapsed * 10) / 10;
}

/**
 * Writes a request's line: an error at status 500 and above, debug for the health and metrics probes (polled
 * every second by the gateway), info otherwise. Shared by `requestLogger` and the gateway's fast path for reads,
 * so both log a request alike.
 */
export function writeRequestLine(logger: Logger, line: RequestLine): void {
  if (line.status >= 500) logger.error(line, 'request');
  else if (PROBES.has(line.path)) logger.debug(line, 'request');
  else logger.info(line, 'request');
}

export interface RequestLoggerOptions {
  /** More fields for the request's line (never secrets). */
  fields?: (ctx: Context) => Record<string, unknown>;
  /**
   * Run the rest of the request in its trace (services: what it logs and the events it records carry the trace
   * id). The gateway leaves it off: it logs through `ctx.state.logger` and records no events.
   */
  scoped?: boolean;
  /** Replace the request's `traceparent` with this hop's, so that a proxy forwards it (the gateway). */
  forwardTrace?: boolean;
  /**
   * When the part exports OpenTelemetry spans: a SERVER span per request, the hop's span (its id is the one
   * forwarded and stored on events), named `<method> <route>` once the route is known.
   */
  spans?: {
    tracer: Tracer;
    route: (ctx: Context) => string;
    /** More attributes, read when the request ends (the gateway's upstream). */
    attributes?: (ctx: Context) => Record<string, string | number | undefined>;
  };
}

/** Ends a request's span with the semantic conventions' HTTP attributes. */
function endRequestSpan(span: Span, ctx: Context, spans: NonNullable<RequestLoggerOptions['spans']>): void {
  const route = spans.route(ctx);
  span.updateName(`${ctx.method} ${route}`);
  span.setAttributes({
    'http.request.method': ctx.method,
    'url.path': ctx.path,
    'http.route': route,
    'http.response.status_code': ctx.status,
    ...spans.attributes?.(ctx),
  });
  endSpan(span, ctx.status >= 500 ? `HTTP ${ctx.status}` : undefined);
}

/**
 * Gives every request an id (kept from the gateway when it sent one) and a W3C trace context (continued from its
 * `traceparent`, else started), and logs one JSON line when it ends: method, path, status, ms, plus whatever
 * `fields` adds. The request's logger (`ctx.state.logger`) carries the request and trace ids.
 */
export function requestLogger(logger: Logger, options: RequestLoggerOptions = {}): Middleware {
  const { fields, scoped = false, forwardTrace = false, spans } = options;
  const handle = async (
    ctx: Context,
    next: () => Promise<unknown>,
    trace: TraceContext,
    span: Span | undefined,
  ): Promise<void> => {
    const incoming = ctx.get(REQUEST_ID_HEADER);
    const requestId = /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    if (forwardTrace) ctx.req.headers[TRACEPARENT_HEADER] = formatTraceparent(trace);
    ctx.state.requestId = requestId;
    ctx.state.trace = trace;
    // In a scoped request the mixin adds the trace id to every line (this one's too); otherwise the binding does.
    ctx.state.logger = logger.child(scoped ? { requestId } : { requestId, traceId: trace.traceId });
    ctx.set(REQUEST_ID_HEADER, requestId);
    const started = performance.now();
    try {
      await next();
    } finally {
      const ms = requestMs(performance.now() - started);
      const line = { method: ctx.method, path: ctx.path, status: ctx.status, ms, ...fields?.(ctx) };
      writeRequestLine(ctx.state.logger, line);
      if (span && spans) endRequestSpan(span, ctx, spans);
    }
  };
  const tracer = spans?.tracer;
  return (ctx, next) => {
    const parent = parseTraceparent(ctx.req.headers[TRACEPARENT_HEADER] as string | undefined);
    // Without a tracer this is `continueTrace(parent)`: no span, no OpenTelemetry code on the way.
    const { trace, span } = startHop(tracer, parent, ctx.method, SpanKind.SERVER);
    return scoped
      ? inTrace(trace, () => handle(ctx, next, trace, span), tracer)
      : handle(ctx, next, trace, span);
  };
}

declare module 'koa' {
  interface DefaultState {
    /** This hop's W3C trace context (`requestLogger`). */
    trace?: TraceContext;
  }
}
