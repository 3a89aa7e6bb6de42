import { randomFillSync } from 'node:crypto';

/**
 * W3C Trace Context (https://www.w3.org/TR/trace-context/), the `traceparent` header:
 * `00-<trace-id: 32 hex>-<parent-id: 16 hex>-<flags: 2 hex>`. We carry it ourselves (docs/observability.md): the
 * gateway starts or continues it, every hop continues the trace with a span id of its own, and events carry it
 * to their consumers. The trace id is in every log line of the work it names.
 */
export const TRACEPARENT_HEADER = 'traceparent';

export interface TraceContext {
  /** 32 lower-case hex digits, not all zero. */
  readonly traceId: string;
  /** This hop's span: 16 lower-case hex digits, not all zero. */
  readonly spanId: string;
  /** The trace flags byte as two hex digits ('01': sampled). */
  readonly flags: string;
}

// Version 00's shape; a later version is read by its first four fields (the spec's forward compatibility).
const TRACEPARENT = /^([\da-f]{2})-([\da-f]{32})-([\da-f]{16})-([\da-f]{2})(-.*)?$/;
const ZERO_TRACE = '0'.repeat(32);
const ZERO_SPAN = '0'.repeat(16);

/** The parent a `traceparent` value names, or undefined when it is missing or malformed (then a trace starts). */
export function parseTraceparent(value: string | undefined): TraceContext | undefined {
  if (!value || value.length > 512) return undefined;
  const match = TRACEPARENT.exec(value);
  if (!match) return undefined;
  const [, version, traceId, spanId, flags, rest] = match;
  if (version === 'ff' || (version === '00' && rest !== undefined)) return undefined;
  if (traceId === ZERO_TRACE || spanId === ZERO_SPAN) return undefined;
  return { traceId, spanId, flags };
}

export function formatTraceparent(trace: TraceContext): string {
  return `00-${trace.traceId}-${trace.spanId}-${trace.flags}`;
}

// Ids come out of one random block refilled when used up: one crypto call per 256 span ids, not one per id.
const POOL = Buffer.alloc(4096);
let used = POOL.length;

function randomHex(bytes: number): string {
  if (used + bytes > POOL.length) {
    randomFillSync(POOL);
    used = 0;
  }
  const hex = POOL.toString('hex', used, used + bytes);
  used += bytes;
  // All zero is invalid; with 8 random bytes it is a 2^-64 chance, but cheap to rule out.
  return hex === ZERO_SPAN || hex === ZERO_TRACE ? randomHex(bytes) : hex;
}

/** This hop's context: the parent's trace with a new span id, or a new sampled trace when there is no parent. */
export function continueTrace(parent: TraceContext | undefined): TraceContext {
  return parent
    ? { traceId: parent.traceId, spanId: randomHex(8), flags: parent.flags }
    : { traceId: randomHex(16), spanId: randomHex(8), flags: '01' };
}
