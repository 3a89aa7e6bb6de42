import { AsyncLocalStorage } from 'node:async_hooks';
import type { TraceContext } from './trace-context';

/**
 * The trace of the work in progress, for what has no request at hand: log lines (the logger's mixin) and
 * `recordEvent`, which stores it on the event. Services run each request and each event handled in it; the
 * gateway does not (it records no events and logs through the request's logger, which carries the trace id,
 * so it pays nothing for async context tracking).
 */
const scope = new AsyncLocalStorage<TraceContext>();

export function currentTrace(): TraceContext | undefined {
  return scope.getStore();
}

export function inTrace<T>(trace: TraceContext, work: () => T): T {
  return scope.run(trace, work);
}
