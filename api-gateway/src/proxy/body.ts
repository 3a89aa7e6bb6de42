import type { IncomingMessage } from 'node:http';
import { Transform, type TransformCallback } from 'node:stream';
import { HttpError } from '@devcircle/service-kit';

export const PAYLOAD_TOO_LARGE = 'PAYLOAD_TOO_LARGE';

export function payloadTooLarge(maxBytes: number): HttpError {
  return new HttpError(413, `Request body is too large (at most ${maxBytes} bytes)`, {
    code: PAYLOAD_TOO_LARGE,
  });
}

/** How much of a refused body the gateway reads and throws away before it gives up on the connection. */
export const DISCARD_LIMIT_BYTES = 16 * 1024 * 1024;

/**
 * After refusing a body (413), reads and drops the rest of it, so the client, still sending, gets to read the
 * answer: closing a socket with unread data resets it, and the client would see a network error instead. Past
 * `limit` bytes the connection is closed.
 */
export function discardBody(req: IncomingMessage, limit = DISCARD_LIMIT_BYTES): void {
  if (req.complete) return;
  let discarded = 0;
  req.on('data', (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > limit) req.socket.destroy();
  });
  req.resume();
}

/** The declared length, or undefined for a chunked body; NaN when the header is malformed. */
export function declaredLength(req: IncomingMessage): number | undefined {
  const header = req.headers['content-length'];
  return header === undefined ? undefined : Number(header);
}

/** True when the request carries a body (declared non-empty or chunked). */
export function hasBody(req: IncomingMessage): boolean {
  const length = declaredLength(req);
  return (length !== undefined && length > 0) || req.headers['transfer-encoding'] !== undefined;
}

/**
 * Passes a body through unchanged, counting bytes; past `maxBytes` it fails with a PAYLOAD_TOO_LARGE error so
 * the proxy can cut the upstream request off. Only chunked bodies need it: Node itself holds a body to its
 * declared Content-Length.
 */
export class ByteLimit extends Transform {
  private seen = 0;

  constructor(private readonly maxBytes: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.seen += chunk.length;
    if (this.seen > this.maxBytes) {
      callback(Object.assign(new Error('request body too large'), { code: PAYLOAD_TOO_LARGE }));
      return;
    }
    callback(null, chunk);
  }
}

/**
 * Reads a whole (small) body into memory with a cap; used only on the rate-limited auth routes, which need
 * the e-mail or reset token. Rejects with a 413 past the cap.
 */
export function readCapped(req: IncomingMessage, maxBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > maxBytes) {
        cleanup();
        discardBody(req);
        reject(payloadTooLarge(maxBytes));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = (): void => {
      cleanup();
      resolve(Buffer.concat(chunks));
    };
    const onError = (err: Error): void => {
      cleanup();
      reject(err);
    };
    const cleanup = (): void => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
  });
}
