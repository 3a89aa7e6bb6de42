import { constants } from 'node:zlib';
import compress from 'koa-compress';
import type { Middleware } from 'koa';

/** Answers smaller than this go as they are: a header and a compressor cost more than they save. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * JSON (and any other compressible answer) above COMPRESSION_THRESHOLD_BYTES compressed on the fly when the client
 * accepts it: brotli at quality 4 (close to gzip's speed, smaller), else gzip. `Vary: Accept-Encoding` on every
 * answer, so caches keep the variants apart. An answer that already has a Content-Encoding (the gateway's
 * precompressed static files) is left alone.
 */
export function compressAnswers(): Middleware {
  return compress({
    threshold: COMPRESSION_THRESHOLD_BYTES,
    br: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    gzip: { level: 6 },
    deflate: false,
  });
}
