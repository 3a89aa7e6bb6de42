import { timingSafeEqual } from 'node:crypto';
import type { Middleware } from 'koa';
import { HttpError } from './errors';

/**
 * Service-to-service calls (the gateway polling revocations, one service asking another) carry the internal
 * secret in this header. The gateway never routes `/internal` paths, and strips this header from clients.
 */
export const INTERNAL_HEADER = 'x-devcircle-internal';

export function internalHeaders(secret: string): Record<string, string> {
  return { [INTERNAL_HEADER]: secret };
}

/** 403 unless the caller holds the internal secret. */
export function requireInternal(secret: string): Middleware {
  const expected = Buffer.from(secret);
  return async (ctx, next) => {
    const given = Buffer.from(ctx.get(INTERNAL_HEADER));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new HttpError(403, 'Internal endpoint', { code: 'FORBIDDEN' });
    }
    await next();
  };
}
