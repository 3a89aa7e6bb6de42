import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import jwt from 'jsonwebtoken';
import { startGateway, type RunningGateway } from '../src';

export const JWT_SECRET = 'gateway-test-jwt-secret';
export const INTERNAL_SECRET = 'gateway-test-internal-secret';

/** What an upstream saw of one request. */
export interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** False when the request ended before its body was complete (cut off). */
  complete: boolean;
}

export interface Upstream {
  name: string;
  url: string;
  port: number;
  seen: Seen[];
  server: http.Server;
  stop(): Promise<void>;
}

export type Handler = (req: IncomingMessage, res: ServerResponse, body: Buffer) => void | Promise<void>;

/** Answers with what it received, tagged with the upstream's name. */
export const echo =
  (name: string): Handler =>
  (req, res, body) => {
    res.setHeader('content-type', 'application/json');
    res.end(
      JSON.stringify({
        upstream: name,
        method: req.method,
        url: req.url,
        headers: req.headers,
        bodyLength: body.length,
      }),
    );
  };

/**
 * A tiny upstream on its own port, as services run: keep-alive, records each request (after reading its body)
 * and hands it to `handler`. `stream: true` hands the request over unread (for streaming tests).
 */
export async function startUpstream(
  name: string,
  handler: Handler = echo(name),
  options: { port?: number; stream?: (req: IncomingMessage, res: ServerResponse) => void } = {},
): Promise<Upstream> {
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    if (options.stream) {
      options.stream(req, res);
      return;
    }
    const chunks: Buffer[] = [];
    const record = (complete: boolean): Buffer => {
      const body = Buffer.concat(chunks);
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body, complete });
      return body;
    };
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => void handler(req, res, record(true)));
    req.on('close', () => {
      if (!req.complete) record(false);
    });
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    name,
    url: `http://127.0.0.1:${port}`,
    port,
    seen,
    server,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** A URL where nothing listens: connecting is refused. */
export async function deadUrl(): Promise<{ url: string; port: number }> {
  // Below Linux's ephemeral range (32768 and up), so no process binding port 0 meanwhile — another test file on a
  // busy machine — is handed this port and brings the "dead" instance to life.
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    const server = http.createServer();
    const free = await new Promise<boolean>((resolve) => {
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => resolve(true));
    });
    if (!free) continue;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    return { url: `http://127.0.0.1:${port}`, port };
  }
}

export interface TestUser {
  userId: string;
  email: string;
  username: string;
  tv?: number;
}

export const alice: TestUser = { userId: 'u-alice', email: 'alice@example.com', username: 'alice', tv: 0 };

/** A token as auth signs them: HS256, issuer devcircle, with an expiry. */
export function sign(user: TestUser = alice, options: jwt.SignOptions = {}, secret = JWT_SECRET): string {
  return jwt.sign({ tv: 0, ...user }, secret, {
    algorithm: 'HS256',
    issuer: 'devcircle',
    expiresIn: '1h',
    ...options,
  });
}

export const bearer = (token: string): Record<string, string> => ({ authorization: `Bearer ${token}` });

/**
 * The environment of a test gateway: test secrets, silent logs (GATEWAY_LOG=info to see them), in-memory rate
 * limits, no static files, no active health checks; upstream URLs and the rest come from `env`.
 */
export function gatewayEnv(env: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.GATEWAY_LOG ?? 'silent',
    JWT_SECRET,
    INTERNAL_SECRET,
    RATE_LIMIT_STORE: 'memory',
    SERVE_STATIC: 'false',
    HEALTH_CHECK_INTERVAL_MS: '0',
    ...env,
  };
}

export function startTestGateway(env: Record<string, string> = {}): Promise<RunningGateway> {
  return startGateway({ port: 0, env: gatewayEnv(env) });
}

/** Retries `check` until it returns true (for things that happen "within a second"), at most ~10 s. */
export async function eventually(check: () => Promise<boolean> | boolean, attempts = 100): Promise<void> {
  for (let attempt = 0; attempt < attempts; attempt++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('condition not reached');
}

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A request over node:http exactly as given (fetch normalises paths and refuses some headers), with an optional
 * body that may be streamed in chunks (chunked transfer encoding when no content-length is given).
 */
export function rawRequest(
  base: string,
  options: {
    method?: string;
    path: string;
    headers?: Record<string, string>;
    chunks?: Buffer[];
  },
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(base);
    const request = http.request(
      // The path as given: a URL object would resolve its dot segments first.
      {
        hostname,
        port,
        path: options.path,
        method: options.method ?? 'GET',
        headers: options.headers,
        agent: false,
      },
      (response) => {
        const parts: Buffer[] = [];
        response.on('data', (chunk: Buffer) => parts.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(parts).toString('utf8'),
          }),
        );
        response.on('error', reject);
      },
    );
    // A server may answer (413) and close while the body is still being written: the answer is what counts.
    request.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code !== 'EPIPE' && err.code !== 'ECONNRESET') reject(err);
    });
    const write = async (): Promise<void> => {
      for (const chunk of options.chunks ?? []) {
        if (request.destroyed) return;
        if (!request.write(chunk)) await new Promise((next) => request.once('drain', next));
      }
      request.end();
    };
    void write();
  });
}

/** An HTTP upgrade request; resolves with the upgraded socket, or with the plain response when refused. */
export function upgradeRequest(
  base: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ socket: Socket; headers: IncomingHttpHeaders } | { refused: RawResponse }> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${base}${path}`, {
      agent: false,
      headers: {
        connection: 'Upgrade',
        upgrade: 'websocket',
        'sec-websocket-version': '13',
        'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
        ...headers,
      },
    });
    request.on('upgrade', (response, socket) => resolve({ socket, headers: response.headers }));
    request.on('response', (response) => {
      const parts: Buffer[] = [];
      response.on('data', (chunk: Buffer) => parts.push(chunk));
      response.on('end', () =>
        resolve({
          refused: {
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(parts).toString('utf8'),
          },
        }),
      );
    });
    request.on('error', reject);
    request.end();
  });
}

/** Reads from a socket until `expected` bytes have arrived. */
export function readBytes(socket: Socket, expected: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let received = '';
    const onData = (chunk: Buffer): void => {
      received += chunk.toString('utf8');
      if (received.length >= expected) {
        socket.off('data', onData);
        resolve(received);
      }
    };
    socket.on('data', onData);
    socket.once('error', reject);
  });
}
