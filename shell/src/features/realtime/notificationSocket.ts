import { io } from 'socket.io-client';
import type { AppNotification } from '@devcircle/sdk';

export interface NotificationSocketOptions {
  /** The API base ('' = same origin): the gateway passes `/socket.io` through to the notifications service. */
  baseUrl: string;
  userId: string;
  /** Read at every handshake (the first and each reconnect). */
  token(): string | null;
  /** Read at every handshake: the server sends what was made after this notification _id (catchUpFrom). */
  newestHeld(): string;
  onNotification(notification: AppNotification): void;
  /** Another session of the user marked everything up to `upTo` read. */
  onRead(upTo: string): void;
  /** Another session of the user deleted everything up to `upTo`. */
  onCleared(upTo: string): void;
  /** These went with the post or comment they were about. */
  onRemoved(ids: string[]): void;
}

export interface NotificationSocket {
  /** Closes the connection for good. */
  close(): void;
  /** Leaving the page (it may come back from the back/forward cache): closes without forgetting the socket. */
  pause(): void;
  /** Back from the cache: connects again, catching up from the newest item held. */
  resume(): void;
}

/**
 * The realtime connection of one session (§4 Auth, §7 Realtime socket): websocket only (the gateway balances
 * over several notifications instances without sticky sessions, which long-polling would need). A refused or
 * lost connection is only logged: socket.io retries by itself, and the list works without it.
 */
export function openNotificationSocket(options: NotificationSocketOptions): NotificationSocket {
  const socketOptions = {
    path: '/socket.io',
    transports: ['websocket'],
    query: { userId: options.userId },
    auth: (send: (data: object) => void) => send({ token: options.token(), after: options.newestHeld() }),
  };
  const socket = options.baseUrl ? io(options.baseUrl, socketOptions) : io(socketOptions);
  socket.on('notification', (notification: AppNotification) => options.onNotification(notification));
  socket.on('notifications:read', ({ upTo }: { upTo: string }) => options.onRead(upTo));
  socket.on('notifications:cleared', ({ upTo }: { upTo: string }) => options.onCleared(upTo));
  socket.on('notifications:removed', ({ ids }: { ids: string[] }) => options.onRemoved(ids));
  socket.on('connect_error', (error) => console.debug('[realtime] connection failed:', error.message));
  socket.on('disconnect', (reason) => console.debug('[realtime] disconnected:', reason));
  return {
    close: () => {
      socket.removeAllListeners();
      socket.disconnect();
    },
    pause: () => void socket.disconnect(),
    resume: () => void socket.connect(),
  };
}
