import type { Server as HttpServer } from 'node:http';
import type { Attachment } from '@devcircle/service-kit';
import { ObjectId } from 'mongodb';
import { Server } from 'socket.io';
import type { NotificationsContext } from '../context';
import { viewsOf } from '../notifications/views';
import { mongoAdapter } from './adapter';
import { checkHandshake } from './handshake';
import { sentRoom } from './registry';
import { socketMetrics } from './socket-metrics';
import { followRevocations } from './revocations';
import type { NotificationServer, NotificationSocket } from './types';

export const SOCKET_PATH = '/socket.io';

/**
 * socket.io on the service's own HTTP server (the gateway passes `/socket.io` upgrades through). Each socket is
 * its user's: in the user's room for pushes, then caught up when it said what it already had. With
 * `REALTIME_FANOUT=adapter`, socket.io's MongoDB adapter carries room broadcasts to the other instances.
 */
export function attachSocketServer(server: HttpServer, ctx: NotificationsContext): Attachment {
  const { logger, config } = ctx.deps;
  const revocations = followRevocations({ db: ctx.deps.db, registry: ctx.registry, logger });
  const io: NotificationServer = new Server(server, {
    path: SOCKET_PATH,
    serveClient: false,
    // Clients only send the handshake (a token and an id).
    maxHttpBufferSize: 16 * 1024,
  });
  if (ctx.registry.mode === 'adapter') io.adapter(mongoAdapter(ctx.deps.db));
  ctx.registry.bind(io);
  socketMetrics(io, ctx.deps.metrics);
  io.use(checkHandshake(config.jwtSecret, revocations.list));
  io.on('connection', (socket) => {
    // The handshake has been checked and what it said is in `socket.data`: without this, socket.io keeps the
    // HTTP request that opened the session, and the token, for the socket's whole life (about 1.1 KiB of heap a
    // socket, a tenth of its cost: bench/notifications README, "Capacity"). Here, not at the engine's
    // `connection`: there the handshake is not built yet.
    (socket.conn as { request: unknown }).request = null;
    socket.handshake.auth = {};
    const { after } = socket.data;
    if (!after) return ctx.registry.add(socket);
    // Noted from before the socket joins its room: what a push sends while the catch-up runs, it skips.
    const noteSent = (event: string, notification?: { _id?: unknown }) => {
      if (event === 'notification' && typeof notification?._id === 'string')
        socket.data.sent.add(notification._id);
    };
    socket.onAnyOutgoing(noteSent);
    ctx.registry.add(socket);
    catchUp(ctx, socket, after)
      .catch((err: unknown) =>
        logger.warn({ err: err instanceof Error ? err.message : String(err) }, 'socket catch-up failed'),
      )
      .finally(() => {
        socket.offAnyOutgoing(noteSent);
        socket.data.sent.clear();
      });
  });
  return {
    close: async () => {
      await revocations.stop();
      // The adapter's change stream (with the MongoDB adapter; nothing with the in-memory one).
      await io.of('/').adapter.close();
      // Closing the connections (not a socket.io disconnect) lets clients reconnect, to another instance or
      // to this one once it is back.
      io.engine.close();
    },
  };
}

/**
 * What arrived after `after`, oldest first. A push racing this is sent once: one that reached the socket first is
 * in `sent` and skipped here; one that may still come passes by the socket, which joined the `sent:<id>` room
 * before the catch-up sent it. With the change streams the room goes when this instance pushes that notification
 * (milliseconds), and none is joined for one already pushed or made long before; with the adapter the socket
 * keeps them (at most 50) while connected.
 */
async function catchUp(ctx: NotificationsContext, socket: NotificationSocket, after: string): Promise<void> {
  const docs = await ctx.notifications.newerThan(new ObjectId(socket.data.userId), new ObjectId(after));
  for (const view of await viewsOf(ctx, docs)) {
    if (!socket.connected || socket.data.sent.has(view._id)) continue;
    socket.data.sent.add(view._id);
    if (ctx.registry.mayStillPush(view._id)) void socket.join(sentRoom(view._id));
    socket.emit('notification', view);
  }
}
