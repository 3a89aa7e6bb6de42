import { randomUUID } from 'node:crypto';
import type { Context, Middleware } from 'koa';
import pino, { type Logger } from 'pino';

export type { Logger };

export function createLogger(name: string, level: string): Logger {
  return pino({ name, level, base: { service: name }, timestamp: pino.stdTimeFunctions.isoTime });
}

export const REQUEST_ID_HEADER = 'x-request-id';

const PROBES = new Set(['/health', '/ready']);

/**
 * Gives every request an id (kept from the gateway when it sent one) and logs one JSON line when it ends:
 * method, path, status, ms, plus whatever `fields` adds (never secrets).
 */
export function requestLogger(
  logger: Logger,
  fields?: (ctx: Context) => Record<string, unknown>,
): Middleware {
  return async (ctx, next) => {
    const incoming = ctx.get(REQUEST_ID_HEADER);
    const requestId = /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    ctx.state.requestId = requestId;
    ctx.state.logger = logger.child({ requestId });
    ctx.set(REQUEST_ID_HEADER, requestId);
    const started = performance.now();
    try {
      await next();
    } finally {
      const ms = Math.round((performance.now() - started) * 10) / 10;
      const line = { method: ctx.method, path: ctx.path, status: ctx.status, ms, ...fields?.(ctx) };
      if (ctx.status >= 500) ctx.state.logger.error(line, 'request');
      else if (PROBES.has(ctx.path))
        ctx.state.logger.debug(line, 'request'); // polled every second by the gateway
      else ctx.state.logger.info(line, 'request');
    }
  };
}
