import { followRevocations as followFeed, RevocationList, type Logger } from '@devcircle/service-kit';
import type { Db } from 'mongodb';
import type { SocketRegistry } from './registry';

export interface RevocationFollower {
  list: RevocationList;
  stop(): Promise<void>;
}

/**
 * Learns token revocations with service-kit's feed and list (a change stream on auth's `token_revocations`; the
 * gateway runs the same code) and ends at once the sockets whose token a password change or an account deletion
 * revoked. The handshake refuses revoked tokens with this list, through the kit's `checkToken`.
 */
export function followRevocations(options: {
  db: Db;
  registry: SocketRegistry;
  logger: Logger;
}): RevocationFollower {
  const { registry } = options;
  const list = new RevocationList({ logger: options.logger });
  list.onRevoked((userId, tokenVersion) => {
    for (const socket of registry.socketsOf(userId)) {
      if (socket.data.tokenVersion < tokenVersion) socket.disconnect(true);
    }
  });
  const feed = followFeed({
    db: options.db,
    list,
    logger: options.logger,
    name: 'notifications.revocations',
  });
  return { list, stop: () => feed.stop() };
}
