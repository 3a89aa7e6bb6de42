import type { Server, Socket } from 'socket.io';
import type { NotificationView } from '../notifications/notification';

/** What the server sends (contract in the service README, "Socket"). */
export interface ServerToClient {
  notification(notification: NotificationView): void;
  /** Another session marked everything up to `upTo` read. */
  'notifications:read'(change: { upTo: string }): void;
  /** Another session deleted everything up to `upTo`. */
  'notifications:cleared'(change: { upTo: string }): void;
  /** These went with the post or comment they were about. */
  'notifications:removed'(change: { ids: string[] }): void;
}

/** Nothing: the socket only listens. */
export type ClientToServer = Record<string, never>;

/** Set by the handshake check. */
export interface SocketData {
  userId: string;
  /** The token's version: a revocation above it ends the socket. */
  tokenVersion: number;
  /** The newest notification the client already had, when it said (catch-up). */
  after?: string;
  /** Ids sent on this socket while its catch-up runs (emptied after), so the two never repeat one. */
  sent: Set<string>;
}

export type NotificationServer = Server<ClientToServer, ServerToClient, Record<string, never>, SocketData>;
export type NotificationSocket = Socket<ClientToServer, ServerToClient, Record<string, never>, SocketData>;
