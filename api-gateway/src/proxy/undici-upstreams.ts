import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { Pool, type Dispatcher } from 'undici';
import type { PendingHeaders } from './pending-headers';

/** How one exchange over undici ended, in the terms of the proxy's failover (see proxy.ts). */
export type UndiciOutcome =
  { kind: 'done'; responded: boolean } | { kind: 'failed'; err: NodeJS.ErrnoException; connected: boolean };

export interface UndiciUpstreamOptions {
  connectTimeoutMs: number;
  ca?: string;
  /** Turns undici's own error codes into the proxy's (timeouts, connect failures). */
  codes: { idleTimeout: string; connectTimeout: string };
  /**
   * Starts the client's answer: the upstream's status and its answer headers, less what the client may not see
   * (the revoked header, hop-by-hop headers), with the gateway's own headers still `pending` if any.
   */
  writeAnswerHead(
    res: ServerResponse,
    statusCode: number,
    statusMessage: string,
    headers: Readonly<IncomingHttpHeaders>,
    pending: PendingHeaders | undefined,
  ): void;
}

const IDLE_TIMEOUTS = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

/**
 * How long a kept-alive connection to a service may sit idle before the gateway closes it, for both of its clients
 * (undici here, Node's agent in proxy.ts): well before the services' 65 s keep-alive timeout, so a connection is
 * never reused just as the service closes it.
 */
export const UPSTREAM_IDLE_SOCKET_MS = 30_000;

/**
 * The gateway's client for requests without a body that are safe to repeat (GET and HEAD: every page read):
 * one undici Pool of keep-alive connections per instance, the answer written to the client straight from
 * undici's handler. In a side-by-side run it spends about a quarter less CPU per request than Node's
 * `http.request` (bench/api, the two minimal proxies); requests with a body keep Node's client (proxy.ts), whose
 * streaming, body limit and socket-level failover the rest of the proxy is built around.
 */
export class UndiciUpstreams {
  private readonly pools = new Map<string, Pool>();

  constructor(private readonly options: UndiciUpstreamOptions) {}

  private poolOf(url: string): Pool {
    let pool = this.pools.get(url);
    if (!pool) {
      pool = new Pool(new URL(url).origin, {
        connections: 512,
        pipelining: 1,
        keepAliveTimeout: UPSTREAM_IDLE_SOCKET_MS,
        keepAliveMaxTimeout: UPSTREAM_IDLE_SOCKET_MS,
        connect: {
          timeout: this.options.connectTimeoutMs,
          ...(url.startsWith('https:') && this.options.ca ? { ca: this.options.ca } : {}),
        },
      });
      this.pools.set(url, pool);
    }
    return pool;
  }

  /**
   * Sends `req` (no body) to the instance at `url` and streams its answer into `res`. Settles when the answer is
   * over (or the client gone), or failed before any of it was sent: then the caller may try another instance.
   * `timeoutMs` is the idle limit: for the answer's headers, then between its chunks. `pending`: the gateway's own
   * answer headers not yet on `res` (proxy.ts `Exchange`).
   */
  send(
    url: string,
    req: IncomingMessage,
    res: ServerResponse,
    headers: Record<string, string | string[] | undefined>,
    timeoutMs: number,
    pending?: PendingHeaders,
  ): Promise<UndiciOutcome> {
    const { codes, writeAnswerHead } = this.options;
    return new Promise((resolve) => {
      let settled = false;
      let connected = false;
      let responded = false;
      let controller: Dispatcher.DispatchController | undefined;
      const settle = (outcome: UndiciOutcome): void => {
        if (settled) return;
        settled = true;
        res.off('close', onClose);
        resolve(outcome);
      };
      // The client gone before the answer was over: the upstream's exchange is of no more use.
      const onClose = (): void => {
        if (!res.writableFinished) controller?.abort(new Error('client closed'));
        settle({ kind: 'done', responded });
      };
      res.once('close', onClose);
      const handler: Dispatcher.DispatchHandler = {
        onRequestStart(started) {
          controller = started;
          connected = true;
          if (res.destroyed) started.abort(new Error('client closed'));
        },
        onResponseStart(started, statusCode, answerHeaders, statusMessage) {
          if (statusCode < 200) return;
          responded = true;
          writeAnswerHead(
            res,
            statusCode,
            statusMessage ?? '',
            answerHeaders as IncomingHttpHeaders,
            pending,
          );
          res.on('drain', () => started.resume());
        },
        onResponseData(started, chunk) {
          if (!res.write(chunk)) started.pause();
        },
        onResponseEnd() {
          res.end(() => settle({ kind: 'done', responded }));
        },
        onResponseError(_started, error) {
          if (settled) return;
          if (res.headersSent) {
            // An upstream that dies or stalls mid-body must not leave the client waiting for the rest.
            res.destroy();
            settle({ kind: 'done', responded });
            return;
          }
          const err = error as NodeJS.ErrnoException;
          if (err.code && IDLE_TIMEOUTS.has(err.code)) err.code = codes.idleTimeout;
          else if (err.code === 'UND_ERR_CONNECT_TIMEOUT') err.code = codes.connectTimeout;
          settle({ kind: 'failed', err, connected });
        },
      };
      this.poolOf(url).dispatch(
        {
          method: req.method as Dispatcher.HttpMethod,
          path: req.url ?? '/',
          headers,
          body: null,
          headersTimeout: timeoutMs,
          bodyTimeout: timeoutMs,
        },
        handler,
      );
    });
  }

  async close(): Promise<void> {
    const pools = [...this.pools.values()];
    this.pools.clear();
    await Promise.all(pools.map((pool) => pool.destroy()));
  }
}
