import type { Middleware } from 'koa';
import { isDatabaseUnreachable, isDuplicateKey } from './database';
import { conflict, databaseNotConnected, HttpError, type ErrorBody } from './errors';

interface StatusError {
  status?: number;
  statusCode?: number;
  expose?: boolean;
  message: string;
}

/** Maps anything a handler throws to the one error shape; unexpected errors are logged and hidden. */
function toHttpError(err: unknown): HttpError {
  if (err instanceof HttpError) return err;
  if (isDatabaseUnreachable(err)) return databaseNotConnected();
  if (isDuplicateKey(err)) return conflict('That value is already taken');
  const status = (err as StatusError)?.status ?? (err as StatusError)?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    // Body-parser and router errors (malformed JSON, too large, unsupported type) are safe to show.
    const message = status === 413 ? 'Request body is too large' : (err as StatusError).message;
    return new HttpError(status, message, { code: status === 413 ? 'PAYLOAD_TOO_LARGE' : 'BAD_REQUEST' });
  }
  return new HttpError(500, 'Internal server error', { code: 'INTERNAL_ERROR' });
}

export const errorHandler: Middleware = async (ctx, next) => {
  try {
    await next();
    if (ctx.status === 404 && ctx.body === undefined) {
      ctx.status = 404;
      ctx.body = { message: 'Not found', code: 'NOT_FOUND' } satisfies ErrorBody;
    }
  } catch (err) {
    const httpError = toHttpError(err);
    if (httpError.status >= 500 && httpError.code !== 'DATABASE_NOT_CONNECTED') {
      ctx.state.logger?.error({ err }, 'unhandled error');
    }
    ctx.status = httpError.status;
    ctx.set(httpError.headers);
    ctx.body = httpError.toBody();
  }
};
