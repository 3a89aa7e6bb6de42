import type { Server as HttpServer } from 'node:http';
import type { Attachment } from '@devcircle/service-kit';
import { ObjectId } from 'mongodb';
import { Server } from 'socket.io';
import type { NotificationsContext } from '../context';
import { viewsOf } from '../notifications/views';
import { checkHandshake } from './handshake';
import { sendOnce } from './registry';
import { followRevocations } from './revocations';
import type { NotificationServer, NotificationSocket } from './types';

export const SOCKET_PATH = '/socket.io';

/**
 * socket.io on the service's own HTTP server (the gateway passes `/socket.io` upgrades through). Each socket is
 * its user's: registered for pushes, then caught up when it said what it already had.
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
  io.use(checkHandshake(config.jwtSecret, revocations.list));
  io.on('connection', (socket) => {
    ctx.registry.add(socket);
    socket.once('disconnect', () => ctx.registry.remove(socket));
    if (socket.data.after) {
      catchUp(ctx, socket, socket.data.after).catch((err: unknown) =>
        logger.warn({ err: err instanceof Error ? err.message : String(err) }, 'socket catch-up failed'),
      );
    }
  });
  return {
    close: async () => {
      await revocations.stop();
      // Closing the connections (not a socket.io disconnect) lets clients reconnect, to another instance or
      // to this one once it is back.
      io.engine.close();
    },
  };
}

/** What arrived after `after`, oldest first; a live push racing this is sent once (`sendOnce`). */
async function catchUp(ctx: NotificationsContext, socket: NotificationSocket, after: string): Promise<void> {
  const docs = await ctx.notifications.newerThan(new ObjectId(socket.data.userId), new ObjectId(after));
  for (const view of await viewsOf(ctx, docs)) {
    if (socket.connected) sendOnce(socket, view);
  }
}
