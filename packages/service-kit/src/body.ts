import type { Middleware } from 'koa';
import { HttpError } from './errors';

/**
 * One reading of a request body for every DevCircle process: JSON, as sent, in UTF-8. A compressed body
 * (`Content-Encoding` other than identity) is refused before anything reads it — by the gateway and by each
 * service alike — so no part can read a body another part could not (the gateway's per-account limits read the
 * e-mail from the body; a gzipped copy would slip past them).
 */
export function unsupportedEncoding(): HttpError {
  return new HttpError(415, 'Request bodies must not be compressed (no Content-Encoding)', {
    code: 'UNSUPPORTED_MEDIA_TYPE',
  });
}

/** True when the request declares an encoding of its body other than none. */
export function isEncoded(headers: { 'content-encoding'?: string }): boolean {
  const encoding = headers['content-encoding']?.trim().toLowerCase();
  return encoding !== undefined && encoding !== '' && encoding !== 'identity';
}

/** The charset a Content-Type declares, lower-cased; undefined when it declares none. */
function charsetOf(contentType: string | undefined): string | undefined {
  return /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentType ?? '')?.[1]?.toLowerCase();
}

/** UTF-8, or no charset said (JSON is UTF-8 by definition, RFC 8259). */
function isUtf8(contentType: string | undefined): boolean {
  const charset = charsetOf(contentType);
  return charset === undefined || charset === 'utf-8' || charset === 'utf8';
}

function notUtf8(): HttpError {
  return new HttpError(415, 'Request bodies must be UTF-8', { code: 'UNSUPPORTED_MEDIA_TYPE' });
}

/**
 * Refuses, with 415 and before any of it is read, a body that is compressed or declared in a charset other than
 * UTF-8: the two ways one part of the system could read a body differently from another.
 */
export const oneBodyReading: Middleware = async (ctx, next) => {
  if (isEncoded(ctx.req.headers)) throw unsupportedEncoding();
  if (!isUtf8(ctx.req.headers['content-type'])) throw notUtf8();
  await next();
};

export function invalidJson(): HttpError {
  return new HttpError(400, 'The request body is not valid JSON', { code: 'BAD_REQUEST' });
}

/**
 * A JSON body read the way the services' body parser reads it: UTF-8 (a declared other charset is refused with
 * 415, as `oneBodyReading` does), a leading byte-order mark dropped. Throws 400 when it is not JSON.
 */
export function parseJsonBody(body: Buffer, contentType: string | undefined): unknown {
  if (!isUtf8(contentType)) throw notUtf8();
  const text = body.toString('utf8').replace(/^\uFEFF/, '');
  try {
    return JSON.parse(text);
  } catch {
    throw invalidJson();
  }
}
