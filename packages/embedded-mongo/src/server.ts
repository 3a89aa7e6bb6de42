import net from 'node:net';
import type { Document } from 'bson';
import { runCommand } from './commands';
import type { Counters, ServerContext } from './commands/context';
import { MAX_MESSAGE_SIZE } from './commands/handshake';
import { CursorRegistry } from './engine/cursors';
import { expireDocuments } from './engine/ttl';
import { ChangeStreams } from './changes/change-streams';
import { LocalSessions } from './replication/local-sessions';
import { TransactionManager } from './replication/transactions';
import { DEFAULT_OPLOG_LIMITS, Store } from './storage/store';
import { MessageFramer } from './wire/framer';
import { decodeMessage, encodeMsgReply, encodeOpReply, MsgFlags, type Request } from './wire/protocol';

export interface ServerOptions {
  /** 0 picks a free port. Default 27018. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Data directory; omit for a server that keeps everything in memory (tests that need no durability). */
  dbpath?: string;
  /** Idle cursors close after this long. Default 10 minutes, as mongod. */
  cursorTimeoutMs?: number;
  /** How often TTL indexes are swept. Default 60 s, as mongod. */
  ttlIntervalMs?: number;
  compactAfterBytes?: number;
  /** The replica set's name, as clients give it in `?replicaSet=`. Default `rs0`. */
  replSet?: string;
  /** This member's address as clients should dial it (`host:port`). Default: the bound address and port. */
  advertise?: string;
  /** How long the oplog keeps changes for change streams to resume from. Default 24 hours. */
  oplogWindowMs?: number;
  /** The oplog's size cap. Default 64 MiB. */
  oplogMaxBytes?: number;
  /** How long a transaction may stay open. Default 60 s, as mongod's transactionLifetimeLimitSeconds. */
  transactionLifetimeMs?: number;
  log?: (message: string, fields?: Record<string, unknown>) => void;
  argv?: string[];
}

export interface RunningServer {
  /** `mongodb://<me>/?replicaSet=<name>`: what a client needs to find the replica set. */
  uri: string;
  /** The URI of one database on this server, with the replica set's name and any other URI options. */
  databaseUri(database: string, options?: Record<string, string | number>): string;
  host: string;
  port: number;
  /** Writes a snapshot now and drops the journals it replaces. */
  compact(): Promise<void>;
  stop(): Promise<void>;
}

const MAX_FRAME = MAX_MESSAGE_SIZE + 16 * 1024;

function unwrapLegacyQuery(query: Document): Document {
  return query.$query && typeof query.$query === 'object' ? (query.$query as Document) : query;
}

async function answer(
  ctx: ServerContext,
  request: Request,
  connectionId: number,
): Promise<Buffer | undefined> {
  ctx.counters.command++;
  if (request.kind === 'query') {
    const db = request.collection.split('.')[0] || 'admin';
    const reply = await runCommand(ctx, db, unwrapLegacyQuery(request.command), connectionId);
    return encodeOpReply(request.header.requestId, reply);
  }
  const db = typeof request.command.$db === 'string' ? request.command.$db : 'admin';
  const reply = await runCommand(ctx, db, request.command, connectionId);
  // moreToCome: the client expects no reply (unacknowledged writes, endSessions on close).
  if (request.flags & MsgFlags.moreToCome) return undefined;
  return encodeMsgReply(request.header.requestId, reply);
}

/**
 * Serves one connection: frames messages and answers them one at a time, in order. Returns a function that
 * resolves once the answers in progress are written.
 */
function serveConnection(
  ctx: ServerContext,
  socket: net.Socket,
  connectionId: number,
  log: NonNullable<ServerOptions['log']>,
): () => Promise<void> {
  const framer = new MessageFramer(MAX_FRAME);
  let queue = Promise.resolve();
  socket.setNoDelay(true);
  socket.on('data', (chunk: Buffer) => {
    let messages: Buffer[];
    try {
      messages = framer.push(chunk);
    } catch (err) {
      log('closing connection', { connectionId, error: (err as Error).message });
      socket.destroy();
      return;
    }
    for (const message of messages) {
      queue = queue.then(async () => {
        try {
          const reply = await answer(ctx, decodeMessage(message), connectionId);
          if (reply && !socket.destroyed) socket.write(reply);
        } catch (err) {
          log('closing connection: bad message', { connectionId, error: (err as Error).message });
          socket.destroy();
        }
      });
    }
  });
  socket.on('error', () => socket.destroy());
  return () => queue;
}

/** How long a stopping server waits for the answers in progress before it closes their connections. */
const STOP_GRACE_MS = 1000;

/** Starts the server: opens (and replays) the data directory, then listens. */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const log = options.log ?? (() => undefined);
  const host = options.host ?? '127.0.0.1';
  const store = Store.open({
    dbpath: options.dbpath,
    compactAfterBytes: options.compactAfterBytes,
    log,
    oplog: {
      windowMs: options.oplogWindowMs ?? DEFAULT_OPLOG_LIMITS.windowMs,
      maxBytes: options.oplogMaxBytes ?? DEFAULT_OPLOG_LIMITS.maxBytes,
    },
  });
  const counters: Counters = {
    insert: 0,
    query: 0,
    update: 0,
    delete: 0,
    getmore: 0,
    command: 0,
    connectionsCurrent: 0,
    connectionsTotal: 0,
  };
  const cursorTimeoutMs = options.cursorTimeoutMs ?? 600_000;
  const cursors = new CursorRegistry(cursorTimeoutMs);
  const replSetName = options.replSet ?? 'rs0';
  const ctx: ServerContext = {
    store,
    catalog: store.catalog,
    cursors,
    counters,
    info: {
      host,
      port: 0,
      dbpath: options.dbpath,
      startedAt: Date.now(),
      argv: options.argv ?? [],
      replSetName,
      me: '',
    },
    sessions: new LocalSessions(),
    transactions: new TransactionManager(store.catalog, store, options.transactionLifetimeMs),
    changeStreams: new ChangeStreams(store, cursors, cursorTimeoutMs),
  };
  /** Open connections, each with a function resolving once its answers in progress are written. */
  const sockets = new Map<net.Socket, () => Promise<void>>();
  let nextConnectionId = 1;
  const server = net.createServer((socket) => {
    counters.connectionsCurrent++;
    counters.connectionsTotal++;
    socket.on('close', () => {
      sockets.delete(socket);
      counters.connectionsCurrent--;
    });
    sockets.set(socket, serveConnection(ctx, socket, nextConnectionId++, log));
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 27018, host, () => resolve());
    });
  } catch (err) {
    await store.close();
    throw err;
  }
  const port = (server.address() as net.AddressInfo).port;
  ctx.info.port = port;
  const uriHost = host.includes(':') ? `[${host}]` : host === '0.0.0.0' ? '127.0.0.1' : host;
  // Bound to every interface, the server cannot know the name other hosts reach it by: `advertise` says it.
  ctx.info.me = options.advertise ?? `${uriHost}:${port}`;
  const ttl = setInterval(() => {
    if (expireDocuments(store.catalog) > 0)
      store.commit().catch((err) => log('TTL commit failed', { error: String(err) }));
    ctx.transactions.sweep();
    ctx.sessions.sweep();
    store.forgetIdleSessions();
    ctx.changeStreams.sweep();
  }, options.ttlIntervalMs ?? 60_000);
  ttl.unref();
  const databaseUri = (database: string, extra: Record<string, string | number> = {}): string => {
    const query = new URLSearchParams({ replicaSet: replSetName });
    for (const [key, value] of Object.entries(extra)) query.set(key, String(value));
    return `mongodb://${ctx.info.me}/${encodeURIComponent(database)}?${query}`;
  };
  return {
    uri: `mongodb://${ctx.info.me}/?replicaSet=${encodeURIComponent(replSetName)}`,
    databaseUri,
    host,
    port,
    compact: () => store.compact(),
    stop: async () => {
      clearInterval(ttl);
      cursors.close();
      store.oplog.close(); // change streams waiting for a commit answer now (InterruptedAtShutdown)
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // Those answers go out before the connections close, as mongod's do; a command that takes longer is cut.
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.all([...sockets.values()].map((answered) => answered())),
        new Promise((resolve) => (timer = setTimeout(resolve, STOP_GRACE_MS))),
      ]);
      clearTimeout(timer);
      for (const socket of sockets.keys()) socket.destroy();
      await closed;
      await store.close();
    },
  };
}
