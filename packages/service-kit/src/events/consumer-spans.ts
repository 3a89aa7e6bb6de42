import type { Attributes } from '@opentelemetry/api';
import {
  continueTrace,
  endSpan,
  inTrace,
  parseTraceparent,
  SpanKind,
  startHop,
  type Tracer,
} from '../tracing';
import type { LogEntry } from './event';

const attributesOf = (consumer: string, log: string, event: LogEntry): Attributes => ({
  'messaging.system': 'devcircle',
  'messaging.operation.type': 'process',
  'messaging.destination.name': log,
  'messaging.consumer.group.name': consumer,
  'messaging.message.id': event._id.toHexString(),
  ...(event.type ? { 'devcircle.event.type': event.type } : {}),
});

/**
 * Runs `handle` for one event in the trace that recorded it, so that what it logs (and records) carries the trace
 * id. When the part exports spans, the handling is a CONSUMER span, a child of the event's PRODUCER span (or a
 * trace of its own for an event recorded outside any).
 */
export async function handleInTrace(
  tracer: Tracer | undefined,
  consumer: { name: string; log: string },
  event: LogEntry,
  handle: () => Promise<void>,
): Promise<void> {
  const parent = parseTraceparent(event.traceparent);
  if (!tracer) {
    await (parent ? inTrace(continueTrace(parent), handle) : handle());
    return;
  }
  const { trace, span } = startHop(
    tracer,
    parent,
    `process ${consumer.log}`,
    SpanKind.CONSUMER,
    attributesOf(consumer.name, consumer.log, event),
  );
  try {
    await inTrace(trace, handle, tracer);
  } catch (err) {
    if (span) endSpan(span, err);
    throw err;
  }
  if (span) endSpan(span);
}

/**
 * A batch handled at once has no one trace to run in (it mixes requests); when the part exports spans, each of
 * its events still gets its CONSUMER span in its own trace, from the batch's start to now.
 */
export function traceBatch(
  tracer: Tracer,
  consumer: { name: string; log: string },
  events: readonly LogEntry[],
  startTime: number,
): void {
  for (const event of events) {
    const { span } = startHop(
      tracer,
      parseTraceparent(event.traceparent),
      `process ${consumer.log}`,
      SpanKind.CONSUMER,
      { ...attributesOf(consumer.name, consumer.log, event), 'messaging.batch.message_count': events.length },
      startTime,
    );
    span?.end();
  }
}
