import http, { type ClientRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import https from 'node:https';
import type { Socket } from 'node:net';
import { Readable } from 'node:stream';
import { HttpError, type Logger } from '@devcircle/service-kit';
import { createProxyServer } from 'http-proxy-3';
import type { Instance, UpstreamPool } from '../upstreams';
import { ByteLimit, discardBody, hasBody, PAYLOAD_TOO_LARGE, payloadTooLarge } from './body';
import { putAnswerHeader, type PendingHeaders } from './pending-headers';
import { UndiciUpstreams, UPSTREAM_IDLE_SOCKET_MS } from './undici-upstreams';

/** Response header by which a service tells the gateway that a user's older tokens are revoked. */
export const REVOKED_HEADER = 'x-devcircle-revoked';

const UPSTREAM_TIMEOUT = 'UPSTREAM_TIMEOUT';
/** How long an upgraded socket may stay half-closed before the gateway closes both sides. */
const HALF_OPEN_GRACE_MS = 1000;
const CONNECT_TIMEOUT = 'UPSTREAM_CONNECT_TIMEOUT';
/** Errors that mean the instance was never reached: safe to try another one, and to skip this one for a while. */
const CONNECT_FAILURES = new Set([
  'ECONNREFUSED',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EADDRNOTAVAIL',
  CONNECT_TIMEOUT,
]);

export interface ProxyOptions {
  connectTimeoutMs: number;
  /** Whom to trust for https instances besides Node's CAs (certificates are always verified). */
  tls?: { ca?: string };
  maxBodyBytes: number;
  logger: Logger;
  /** Called with the value of an `x-devcircle-revoked` response header (which never reaches the client). */
  onRevoked(value: string): void;
}

/**
 * The request being forwarded and what the proxy records on it: Koa's context, or the fast path's own record of a
 * read (fast-reads.ts). `respond` is Koa's flag: false while the proxy writes the answer itself.
 */
export interface Exchange {
  req: IncomingMessage;
  res: ServerResponse;
  state: { upstream?: string; logger?: Logger };
  respond?: boolean;
  /**
   * The gateway's own answer headers when they are not set on `res` yet (the fast path's): a read's answer is then
   * begun with one `writeHead` of these and the service's (pending-headers.ts).
   */
  pending?: PendingHeaders;
}

export interface ForwardOptions {
  pool: UpstreamPool;
  /** Idle limit: the upstream sending nothing for this long ends the exchange (504 before a response). */
  timeoutMs: number;
  /** A body already read by the gateway (the rate-limited auth routes); otherwise the request is streamed. */
  body?: Buffer;
}

/** What the gateway knows about one try of a request against one instance. */
interface Attempt {
  timeoutMs: number;
  connected: boolean;
  responded: boolean;
  reusedSocket: boolean;
  proxyReq?: ClientRequest;
  /** Set when the gateway cuts the exchange off itself (body too large). */
  abortWith?: Error;
}

/** How requests reach one instance: its scheme's `request` and the options every request to it shares. */
interface Upstream {
  send: typeof http.request;
  options: http.RequestOptions;
}

/**
 * The headers the service gets: the client's (the request context has already removed what a client may not
 * send), on a kept-alive connection, without `Trailer`; a DELETE or OPTIONS without a length says it has no body.
 */
function outgoingHeaders(req: IncomingMessage): http.OutgoingHttpHeaders {
  const headers: http.OutgoingHttpHeaders = { ...req.headers, connection: 'keep-alive' };
  delete headers.trailer;
  if ((req.method === 'DELETE' || req.method === 'OPTIONS') && headers['content-length'] === undefined) {
    headers['content-length'] = '0';
    delete headers['transfer-encoding'];
  }
  return headers;
}

/** What a read sent over undici leaves out of the client's headers: undici frames the connection itself and refuses
 * `connection` and `upgrade` (an `Upgrade` here is one Node did not upgrade); a request without a body has no
 * trailer. */
const NOT_SENT_WITH_A_READ = new Set(['connection', 'upgrade', 'trailer']);

/**
 * `outgoingHeaders` for a GET or HEAD over undici, made in one pass: the client's headers less the ones above.
 * (Spreading the headers and deleting from the copy made an object in V8's slow dictionary mode, which undici
 * then walked.)
 */
function readHeaders(req: IncomingMessage): Record<string, string | string[] | undefined> {
  const headers: Record<string, string | string[] | undefined> = {};
  const incoming = req.headers;
  for (const name in incoming) {
    if (!NOT_SENT_WITH_A_READ.has(name)) headers[name] = incoming[name];
  }
  return headers;
}

/** Hop-by-hop headers of the gateway-to-service connection: Node frames the client's answer and connection itself. */
const HOP_BY_HOP_ANSWER = new Set(['connection', 'keep-alive', 'transfer-encoding']);

type Outcome =
  { kind: 'done'; attempt: Attempt } | { kind: 'failed'; err: NodeJS.ErrnoException; attempt: Attempt };

const codedError = (message: string, code: string): NodeJS.ErrnoException =>
  Object.assign(new Error(message), { code });

function upstreamTimeout(service: string): HttpError {
  return new HttpError(504, `The ${service} service did not answer in time. Please try again.`, {
    code: 'UPSTREAM_TIMEOUT',
  });
}

function upstreamReset(service: string): HttpError {
  return new HttpError(
    502,
    `The ${service} service closed the connection before answering. Please try again.`,
    {
      code: 'UPSTREAM_UNAVAILABLE',
    },
  );
}

/**
 * The proxy: Node's http client over one keep-alive agent per scheme, bodies streamed both ways, idle timeouts, a
 * connect timeout, round-robin with failover for requests that are safe to repeat, and websocket upgrade
 * passthrough (http-proxy-3). Plain requests skip http-proxy-3: its per-request passes and option copies were a
 * tenth of the gateway's CPU (docs/gateway.md).
 */
export function createProxy(options: ProxyOptions) {
  const pooling = {
    keepAlive: true,
    timeout: UPSTREAM_IDLE_SOCKET_MS,
    maxSockets: 512,
    maxFreeSockets: 64,
    scheduling: 'lifo',
  } as const;
  const ca = options.tls?.ca;
  const agents = { http: new http.Agent(pooling), https: new https.Agent({ ...pooling, ca }) };
  /** Where a request to `url` goes: each scheme has its own pool (and https its CA). */
  const targetOf = (url: string) =>
    url.startsWith('https:') ? { target: url, agent: agents.https, ca } : { target: url, agent: agents.http };
  /** The request options of each instance, made once: the parts of a request that do not change. */
  const upstreams = new Map<string, Upstream>();
  const upstreamOf = (url: string): Upstream => {
    let upstream = upstreams.get(url);
    if (!upstream) {
      const { protocol, hostname, port } = new URL(url);
      const secure = protocol === 'https:';
      upstream = {
        send: secure ? https.request : http.request,
        options: {
          protocol,
          hostname: hostname.startsWith('[') ? hostname.slice(1, -1) : hostname,
          port: Number(port || (secure ? 443 : 80)),
          agent: secure ? agents.https : agents.http,
          ...(secure ? { ca } : {}),
        },
      };
      upstreams.set(url, upstream);
    }
    return upstream;
  };
  const repeatables = new UndiciUpstreams({
    connectTimeoutMs: options.connectTimeoutMs,
    ca,
    codes: { idleTimeout: UPSTREAM_TIMEOUT, connectTimeout: CONNECT_TIMEOUT },
    writeAnswerHead,
  });
  const proxy = createProxyServer({ xfwd: false, ws: true });
  const attempts = new WeakMap<IncomingMessage, Attempt>();
  const upgraded = new WeakSet<IncomingMessage>();

  // Errors are handled by the per-call callbacks; without a listener http-proxy-3 would throw.
  proxy.on('error', (err) => options.logger.debug({ err: err.message }, 'proxy error'));
  proxy.on('econnreset', () => undefined);

  proxy.on('proxyReqWs', (proxyReq, req, socket) => {
    const attempt = attempts.get(req);
    if (!attempt) return;
    // Websockets have no use for TCP half-close: once either side finishes (http-proxy-3 passes the FIN on), both
    // sockets are destroyed shortly after, rather than left half-open until the other end happens to close.
    proxyReq.once('upgrade', (_res, proxySocket: Socket) => {
      const closeBoth = (): void => {
        setTimeout(() => {
          socket.destroy();
          proxySocket.destroy();
        }, HALF_OPEN_GRACE_MS).unref();
      };
      socket.once('end', closeBoth);
      proxySocket.once('end', closeBoth);
      socket.once('close', () => proxySocket.destroySoon());
      proxySocket.once('close', () => socket.destroySoon());
    });
    attempt.proxyReq = proxyReq;
    proxyReq.once('socket', () => watchConnect(proxyReq, attempt));
    // Until the upstream switches protocols; after that the socket belongs to the two ends.
    const timer = setTimeout(() => {
      proxyReq.destroy(codedError('no upgrade answer', UPSTREAM_TIMEOUT));
    }, attempt.timeoutMs);
    proxyReq.once('upgrade', () => {
      clearTimeout(timer);
      upgraded.add(req);
    });
    proxyReq.once('close', () => clearTimeout(timer));
  });

  /** What the client may see of the upstream's answer headers: the gateway's own and the hop-by-hop ones go. */
  function prepareHeaders(headers: http.OutgoingHttpHeaders): void {
    const revoked = headers[REVOKED_HEADER];
    if (revoked !== undefined) {
      for (const value of Array.isArray(revoked) ? revoked : [revoked]) options.onRevoked(String(value));
      delete headers[REVOKED_HEADER];
    }
    // Hop-by-hop headers of the gateway-to-service connection are not the client's business; Node frames the
    // client's answer (length or chunks) and its connection itself.
    delete headers.connection;
    delete headers['keep-alive'];
    delete headers['transfer-encoding'];
  }

  /** Whether an answer header of the service goes on to the client; the revoked header is read (and stays). */
  function passesOn(name: string, value: string | string[] | undefined): value is string | string[] {
    if (name === REVOKED_HEADER) {
      for (const revoked of Array.isArray(value) ? value : [value]) options.onRevoked(String(revoked));
      return false;
    }
    return value !== undefined && name !== '' && !HOP_BY_HOP_ANSWER.has(name);
  }

  /**
   * Begins the client's answer with a read's status and the service's headers less what stays inside
   * (`prepareHeaders`' rule), without deleting from undici's object (which made a slow dictionary-mode object that
   * writeHead then walked). With the gateway's own headers still `pending` (the fast path), the service's join that
   * list, replacing a gateway header of the same name as a later setHeader would, and one `writeHead` sends all;
   * otherwise (Koa's path, whose headers are on `res`) each goes on `res` and `writeHead` sends them.
   */
  function writeAnswerHead(
    res: ServerResponse,
    statusCode: number,
    statusMessage: string,
    headers: Readonly<http.IncomingHttpHeaders>,
    pending?: PendingHeaders,
  ): void {
    if (pending) {
      for (const name in headers) {
        const value = headers[name];
        if (passesOn(name, value)) putAnswerHeader(pending, name, value);
      }
      res.writeHead(statusCode, statusMessage, pending.list as http.OutgoingHttpHeader[]);
      return;
    }
    for (const name in headers) {
      const value = headers[name];
      if (passesOn(name, value)) res.setHeader(name, value);
    }
    res.writeHead(statusCode, statusMessage);
  }

  /** The upstream's answer, as the client gets it: its status and headers less the gateway's own, then its body. */
  function answer(proxyRes: IncomingMessage, res: ServerResponse): void {
    const headers = proxyRes.headers;
    prepareHeaders(headers);
    // An upstream that dies mid-body must not leave the client waiting for the rest.
    proxyRes.on('close', () => {
      if (!proxyRes.complete && !res.destroyed) res.destroy();
    });
    res.writeHead(proxyRes.statusCode ?? 502, proxyRes.statusMessage, headers);
    proxyRes.pipe(res);
  }

  function watchConnect(proxyReq: ClientRequest, attempt: Attempt): void {
    const socket = proxyReq.socket;
    if (!socket || !socket.connecting) {
      attempt.connected = true;
      return;
    }
    const timer = setTimeout(() => {
      proxyReq.destroy(codedError('connect timeout', CONNECT_TIMEOUT));
    }, options.connectTimeoutMs);
    socket.once('connect', () => {
      attempt.connected = true;
      clearTimeout(timer);
    });
    proxyReq.once('close', () => clearTimeout(timer));
  }

  /** One try against one instance; settles when the response is over or failed before it began. */
  function tryInstance(
    req: IncomingMessage,
    res: ServerResponse,
    instance: Instance,
    timeoutMs: number,
    source: Readable | undefined,
  ): Promise<Outcome> {
    return new Promise((resolve) => {
      const attempt: Attempt = { timeoutMs, connected: false, responded: false, reusedSocket: false };
      let settled = false;
      const settle = (outcome: Outcome): void => {
        if (settled) return;
        settled = true;
        res.off('finish', done);
        res.off('close', done);
        resolve(outcome);
      };
      const done = (): void => settle({ kind: 'done', attempt });
      res.once('finish', done);
      res.once('close', done);

      if (source instanceof ByteLimit) {
        source.once('error', (err: NodeJS.ErrnoException) => {
          attempt.abortWith = err;
          attempt.proxyReq?.destroy(err);
          settle({ kind: 'failed', err, attempt });
        });
      }

      const upstream = upstreamOf(instance.url);
      const proxyReq = upstream.send({
        ...upstream.options,
        method: req.method,
        path: req.url,
        headers: outgoingHeaders(req),
      });
      attempt.proxyReq = proxyReq;
      proxyReq.once('socket', () => {
        attempt.reusedSocket = proxyReq.reusedSocket;
        if (attempt.abortWith) {
          proxyReq.destroy(attempt.abortWith);
          return;
        }
        watchConnect(proxyReq, attempt);
        proxyReq.setTimeout(attempt.timeoutMs, () => {
          proxyReq.destroy(codedError('upstream idle timeout', UPSTREAM_TIMEOUT));
        });
      });
      // The client gone before the answer was over: the upstream's exchange is of no more use.
      res.once('close', () => {
        if (!res.writableFinished) proxyReq.destroy();
      });
      const failed = (err: NodeJS.ErrnoException): void => {
        // The client's own connection reset: nothing to answer, nothing wrong upstream.
        if (req.socket.destroyed && err.code === 'ECONNRESET') {
          proxyReq.destroy();
          return;
        }
        if (res.headersSent) {
          res.destroy();
          settle({ kind: 'done', attempt });
        } else {
          settle({ kind: 'failed', err, attempt });
        }
      };
      req.on('error', failed);
      proxyReq.on('error', failed);
      proxyReq.once('response', (proxyRes) => {
        attempt.responded = true;
        answer(proxyRes, res);
      });
      (source ?? req).pipe(proxyReq);
    });
  }

  /** One try of a GET or HEAD without a body, over undici (undici-upstreams.ts), in the terms of `tryInstance`. */
  async function tryRepeatable(
    req: IncomingMessage,
    res: ServerResponse,
    instance: Instance,
    timeoutMs: number,
    pending: PendingHeaders | undefined,
  ): Promise<Outcome> {
    const result = await repeatables.send(instance.url, req, res, readHeaders(req), timeoutMs, pending);
    const attempt: Attempt = {
      timeoutMs,
      connected: result.kind === 'done' || result.connected,
      responded: result.kind === 'done' && result.responded,
      reusedSocket: false,
    };
    return result.kind === 'done' ? { kind: 'done', attempt } : { kind: 'failed', err: result.err, attempt };
  }

  /**
   * Sends the request to one instance of the pool and streams the answer back. A GET or HEAD without a body that
   * could not reach its instance is tried once more on another. Throws an HttpError (502, 503, 504, 413) when no
   * response could be started, so the app's error handler answers in the usual shape.
   */
  async function forward(ctx: Exchange, { pool, timeoutMs, body }: ForwardOptions): Promise<void> {
    const { req, res } = ctx;
    const repeatable = (req.method === 'GET' || req.method === 'HEAD') && !hasBody(req);
    const tried = new Set<Instance>();
    delete req.headers.expect; // Node has answered any `Expect: 100-continue` already

    for (let round = 0; round < 2; round++) {
      const instance = pool.pick(tried);
      if (!instance) throw pool.unavailable();
      ctx.state.upstream = instance.url;
      let source: Readable | undefined;
      if (body) {
        source = Readable.from([body]);
      } else if (req.headers['transfer-encoding'] !== undefined) {
        source = req.pipe(new ByteLimit(options.maxBodyBytes));
      }

      ctx.respond = false;
      const outcome =
        repeatable && !source
          ? await tryRepeatable(req, res, instance, timeoutMs, ctx.pending)
          : await tryInstance(req, res, instance, timeoutMs, source);
      if (outcome.kind === 'done') {
        // Only an answer proves the instance works (the client may have gone before there was one).
        if (outcome.attempt.responded && instance.state !== 'up') pool.markUp(instance);
        return;
      }
      ctx.respond = true;

      const { err, attempt } = outcome;
      const code = err.code ?? '';
      if (code === PAYLOAD_TOO_LARGE) {
        discardBody(req);
        throw payloadTooLarge(options.maxBodyBytes);
      }
      if (code === UPSTREAM_TIMEOUT) throw upstreamTimeout(pool.service);
      if (CONNECT_FAILURES.has(code) || !attempt.connected) {
        pool.markFailed(instance, 'unreachable', code || err.message);
        ctx.state.logger?.warn({ upstream: instance.url, err: code || err.message }, 'upstream unreachable');
        tried.add(instance);
        if (repeatable) continue;
        throw pool.unavailable();
      }
      // A pooled socket the service had just closed: repeatable requests go again (to any instance). undici does
      // not say whether its socket was a pooled one, so a GET or HEAD it sent goes again after any reset before an
      // answer (once: the loop has two rounds).
      if (repeatable && (attempt.reusedSocket || !source) && !attempt.responded) continue;
      throw upstreamReset(pool.service);
    }
    throw pool.unavailable();
  }

  /** Websocket (or any) upgrade on `/socket.io`: passed through to one instance, bytes piped both ways. */
  function upgrade(
    req: IncomingMessage,
    socket: Socket,
    head: Buffer,
    pool: UpstreamPool,
    timeoutMs: number,
  ): void {
    const instance = pool.pick();
    if (!instance) {
      const error = pool.unavailable();
      rejectUpgrade(socket, error.status, error.toBody());
      return;
    }
    const attempt: Attempt = { timeoutMs, connected: false, responded: false, reusedSocket: false };
    attempts.set(req, attempt);
    const target = { ...targetOf(instance.url), agent: false } as const;
    proxy.ws(req, socket, head, target, (err: NodeJS.ErrnoException) => {
      if (upgraded.has(req)) return;
      const code = err.code ?? '';
      if (code === UPSTREAM_TIMEOUT) {
        const error = upstreamTimeout(pool.service);
        rejectUpgrade(socket, error.status, error.toBody());
        return;
      }
      if (CONNECT_FAILURES.has(code) || !attempt.connected) {
        pool.markFailed(instance, 'unreachable', code || err.message);
      }
      const error = pool.unavailable();
      rejectUpgrade(socket, 502, { message: error.message, code: 'UPSTREAM_UNAVAILABLE' });
    });
  }

  return {
    forward,
    upgrade,
    close(): void {
      agents.http.destroy();
      agents.https.destroy();
      void repeatables.close();
    },
  };
}

export type Proxy = ReturnType<typeof createProxy>;

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  404: 'Not Found',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** Answers an upgrade request that will not be upgraded with a plain HTTP response, then closes. */
export function rejectUpgrade(socket: Socket, status: number, body: object): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const json = JSON.stringify(body);
  socket.end(
    `HTTP/1.1 ${status} ${REASONS[status] ?? 'Error'}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(json)}\r\n` +
      'Connection: close\r\n\r\n' +
      json,
  );
}
