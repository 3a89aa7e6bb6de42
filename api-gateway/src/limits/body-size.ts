import { HttpError } from '@devcircle/service-kit';
import type { Middleware } from 'koa';
import { declaredLength, discardBody, payloadTooLarge } from '../proxy/body';

/**
 * A declared body over the limit is refused before anything reaches a service. (A chunked body is counted as it
 * streams, by the proxy, and cut off with the same 413.)
 */
export function bodySizeLimit(maxBytes: number): Middleware {
  return async (ctx, next) => {
    const length = declaredLength(ctx.req);
    if (length !== undefined && !(Number.isInteger(length) && length >= 0)) {
      throw new HttpError(400, 'Invalid Content-Length', { code: 'BAD_REQUEST' });
    }
    if (length !== undefined && length > maxBytes) {
      discardBody(ctx.req);
      throw payloadTooLarge(maxBytes);
    }
    await next();
  };
}
