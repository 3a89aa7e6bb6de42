import { AsyncLocalStorage } from 'node:async_hooks';
import type { Tracer } from '@opentelemetry/api';
import type { TraceContext } from './trace-context';

/**
 * The trace of the work in progress, for what has no request at hand: log lines (the logger's mixin) and
 * `recordEvent`, which stores it on the event (and, when spans are exported, makes its span with `tracer`).
 * Services run each request and each event handled in it; the gateway does not (it records no events and logs
 * through the request's logger, which carries the trace id, so it pays nothing for async context tracking).
 */
interface Scope {
  trace: TraceContext;
  tracer?: Tracer;
}
const scope = new AsyncLocalStorage<Scope>();

export function currentTrace(): TraceContext | undefined {
  return scope.getStore()?.trace;
}

/** The tracer of the part whose work is in progress, when it exports spans. */
export function currentTracer(): Tracer | undefined {
  return scope.getStore()?.tracer;
}

export function inTrace<T>(trace: TraceContext, work: () => T, tracer?: Tracer): T {
  return scope.run({ trace, tracer }, work);
}
