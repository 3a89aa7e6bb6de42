import {
  diag,
  DiagLogLevel,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace as otelTrace,
  type Attributes,
  type Span,
  type Tracer,
} from '@opentelemetry/api';
import type { Sampler } from '@opentelemetry/sdk-trace';
import type { Logger } from 'pino';
import { tracingSettings, type SpanExport } from './settings';
import { continueTrace, type TraceContext } from './trace-context';

export { SpanKind, type Attributes, type Span, type Tracer };

/** A part's OpenTelemetry spans, when exporting is on (`startTracing`). */
export interface Tracing {
  readonly tracer: Tracer;
  readonly settings: SpanExport;
  /** Sends the spans finished so far. */
  flush(): Promise<void>;
  /** Sends what is left and stops (the part's stop). */
  shutdown(): Promise<void>;
}

/**
 * The part's tracer when the OpenTelemetry variables turn exporting on (`tracingSettings`), else undefined: then
 * the SDK is not even loaded, and every hop costs what our own propagation costs (docs/observability.md). A
 * provider per part, never the global one: tests run several parts in one process, each with its own
 * `service.name`.
 */
export async function startTracing(
  part: string,
  env: NodeJS.ProcessEnv,
  logger: Logger,
): Promise<Tracing | undefined> {
  const settings = tracingSettings(part, env);
  if (!settings) return undefined;
  const [sdk, { OTLPTraceExporter }, resources] = await Promise.all([
    import('@opentelemetry/sdk-trace'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/resources'),
  ]);
  reportExportFailures(logger);
  const ratio = new sdk.TraceIdRatioBasedSampler(settings.ratio);
  const roots: Record<typeof settings.sampler, Sampler> = {
    always_on: new sdk.AlwaysOnSampler(),
    always_off: new sdk.AlwaysOffSampler(),
    traceidratio: ratio,
    parentbased_always_on: new sdk.ParentBasedSampler({ root: new sdk.AlwaysOnSampler() }),
    parentbased_always_off: new sdk.ParentBasedSampler({ root: new sdk.AlwaysOffSampler() }),
    parentbased_traceidratio: new sdk.ParentBasedSampler({ root: ratio }),
  };
  const provider = new sdk.TracerProvider({
    // OTEL_RESOURCE_ATTRIBUTES (deployment.environment, service.instance.id, ...) under our service.name.
    resource: resources
      .defaultResource()
      .merge(resources.detectResources({ detectors: [resources.envDetector] }))
      .merge(resources.resourceFromAttributes({ 'service.name': settings.serviceName })),
    sampler: roots[settings.sampler],
    spanProcessors: [
      new sdk.BatchSpanProcessor({
        exporter: new OTLPTraceExporter({ url: settings.url }),
        scheduledDelayMillis: settings.delayMs,
      }),
    ],
  });
  logger.info({ url: settings.url, serviceName: settings.serviceName }, 'exporting OpenTelemetry spans');
  // A send that fails (the collector down) rejects, with the exporter's errors: logged, never thrown at a caller
  // (a part's stop must not fail because its collector is gone).
  const failed = (err: unknown): void =>
    logger.warn({ err: describe(err) }, 'OpenTelemetry: spans could not be sent');
  return {
    tracer: provider.getTracer('@devcircle/service-kit'),
    settings,
    flush: () => provider.forceFlush().catch(failed),
    shutdown: () => provider.shutdown().catch(failed),
  };
}

const describe = (err: unknown): string =>
  (Array.isArray(err) ? err : [err])
    .map((one) => (one instanceof Error ? one.message : String(one)))
    .join('; ');

let diagnosing = false;
/**
 * The SDK reports a failed export (a collector down) through the API's global diagnostic logger, silent unless
 * one is set: the first part of the process that exports sets ours, at warning level.
 */
function reportExportFailures(logger: Logger): void {
  if (diagnosing) return;
  diagnosing = true;
  const write =
    (level: 'warn' | 'error') =>
    (message: string, ...args: unknown[]) =>
      logger[level]({ otel: args.map(String).join(' ') || undefined }, `OpenTelemetry: ${message}`);
  const quiet = (): void => undefined;
  diag.setLogger(
    { error: write('error'), warn: write('warn'), info: quiet, debug: quiet, verbose: quiet },
    DiagLogLevel.WARN,
  );
}

/** A hop of a trace: its context (what it forwards and logs) and, when exporting, its span. */
export interface Hop {
  trace: TraceContext;
  span?: Span;
}

const formatFlags = (flags: number): string => (flags & 0xff).toString(16).padStart(2, '0');

/**
 * This hop's trace context: `parent`'s trace continued (or a new one). With a tracer the hop is a span whose id is
 * the hop's span id, the parent's as its parent, so that the traceparent we forward and store on events names
 * the span exported; without one it is our own `continueTrace` and nothing else.
 */
export function startHop(
  tracer: Tracer | undefined,
  parent: TraceContext | undefined,
  name: string,
  kind: SpanKind,
  attributes?: Attributes,
  startTime?: number,
): Hop {
  if (!tracer) return { trace: continueTrace(parent) };
  const context = parent
    ? otelTrace.setSpanContext(ROOT_CONTEXT, {
        traceId: parent.traceId,
        spanId: parent.spanId,
        traceFlags: parseInt(parent.flags, 16),
        isRemote: true,
      })
    : ROOT_CONTEXT;
  const span = tracer.startSpan(name, { kind, attributes, startTime }, context);
  const { traceId, spanId, traceFlags } = span.spanContext();
  return { trace: { traceId, spanId, flags: formatFlags(traceFlags) }, span };
}

/** Ends a span, marked failed with the error's message when there is one. */
export function endSpan(span: Span, error?: unknown): void {
  if (error !== undefined) {
    span.setStatus({
      code: SpanStatusCode.ERROR,
      message: error instanceof Error ? error.message : String(error),
    });
  }
  span.end();
}
