export {
  continueTrace,
  formatTraceparent,
  parseTraceparent,
  TRACEPARENT_HEADER,
  type TraceContext,
} from './trace-context';
export { currentTrace, currentTracer, inTrace } from './scope';
export { tracingSettings, type SpanExport } from './settings';
export {
  endSpan,
  SpanKind,
  startHop,
  startTracing,
  type Hop,
  type Span,
  type Tracer,
  type Tracing,
} from './spans';
