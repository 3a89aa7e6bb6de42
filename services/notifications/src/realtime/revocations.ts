import { RevocationList, startRevocationPoller, type Logger } from '@devcircle/service-kit';
import type { NotificationsSettings } from '../config';
import type { SocketRegistry } from './registry';

export interface RevocationFollower {
  list: RevocationList;
  stop(): void;
}

/**
 * Learns token revocations from auth with service-kit's poller and list (the gateway runs its own instance of the
 * same code) and ends the sockets whose token a password change or an account deletion revoked. The handshake
 * refuses revoked tokens with this list, through the kit's `checkToken`.
 */
export function followRevocations(options: {
  settings: NotificationsSettings;
  internalSecret: string;
  registry: SocketRegistry;
  logger: Logger;
}): RevocationFollower {
  const { settings, registry } = options;
  const list = new RevocationList({ logger: options.logger });
  list.onRevoked((userId, tokenVersion) => {
    for (const socket of registry.socketsOf(userId)) {
      if (socket.data.tokenVersion < tokenVersion) socket.disconnect(true);
    }
  });
  let next = 0;
  const poller = startRevocationPoller({
    source: { pick: () => ({ url: settings.authUrls[next++ % settings.authUrls.length] }) },
    list,
    internalSecret: options.internalSecret,
    intervalMs: settings.revocationPollMs,
    timeoutMs: settings.revocationTimeoutMs,
    logger: options.logger,
  });
  return { list, stop: () => poller.stop() };
}
