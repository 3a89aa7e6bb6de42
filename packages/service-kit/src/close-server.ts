import type { IncomingMessage, Server, ServerResponse } from 'node:http';

/**
 * How long a server keeps a client's idle keep-alive connection. Node's default is 5 s: a client (a load balancer, an
 * API client, the gateway's own pools) that sends on a connection idle about that long can have its request cross
 * the server's close and get a reset, which no client retries for a PUT or POST. 65 s outlasts the idle timeouts of
 * the clients in front of us (the gateway's pools close theirs after 30 s, common load balancers after 60 s).
 */
export const SERVER_KEEP_ALIVE_MS = 65_000;

/** The answers each tracked server is making now (see `trackAnswers`). */
const answering = new WeakMap<Server, Set<ServerResponse>>();

/**
 * Keeps the answers a server is making, so that `closeServer` can end their connections as soon as each is sent.
 * Call it once, when the server is made.
 */
export function trackAnswers(server: Server): Server {
  const answers = new Set<ServerResponse>();
  answering.set(server, answers);
  server.on('request', (_req: IncomingMessage, res: ServerResponse) => {
    answers.add(res);
    res.once('close', () => answers.delete(res));
  });
  return server;
}

/**
 * Stops accepting, lets in-flight requests finish (at most `graceMs`), then closes the rest.
 *
 * Node answers a request that was in flight when the close began as it would any other, keep-alive, and that
 * connection then stays open until the grace runs out (10 s by default, which made test stacks' stops add up to
 * 30 s on a loaded machine). So an answer not yet begun says `Connection: close` and its socket goes with it, and
 * one already begun frees its connection for `closeIdleConnections` once it is sent.
 */
export function closeServer(server: Server, graceMs = 10_000): Promise<void> {
  return new Promise((resolve) => {
    const force = setTimeout(() => server.closeAllConnections(), graceMs);
    force.unref();
    server.close(() => {
      clearTimeout(force);
      resolve();
    });
    server.closeIdleConnections();
    const last = (res: ServerResponse): void => {
      if (!res.headersSent) res.shouldKeepAlive = false;
      // The socket is idle only after Node has finished with the answer: the next turn of the loop.
      else res.once('finish', () => setImmediate(() => server.closeIdleConnections()));
    };
    for (const res of answering.get(server) ?? []) last(res);
    // A request pipelined on a kept connection before it was closed.
    server.on('request', (_req: IncomingMessage, res: ServerResponse) => last(res));
  });
}
