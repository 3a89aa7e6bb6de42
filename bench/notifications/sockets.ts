import { performance } from 'node:perf_hooks';
import { io, type Socket } from 'socket.io-client';
import type { Member } from './http';
import type { NotificationView } from '../../services/notifications/src';

/** A notification as the list returns it and the socket pushes it (the service's own type). */
export type Pushed = NotificationView;

/** A connected socket that notes when each notification arrived (performance.now()). */
export interface Listener {
  member: Member;
  socket: Socket;
  arrivals: { notification: Pushed; at: number }[];
  /** Called on every arrival, after it is noted. */
  onArrival?: () => void;
}

/**
 * Opens a socket through the gateway as the web app does (websocket only, the bearer token in `auth`) and
 * resolves once it is connected; a refused handshake rejects with the server's message.
 */
export function connect(baseUrl: string, member: Member): Promise<Listener> {
  const socket = io(baseUrl, {
    path: '/socket.io',
    transports: ['websocket'],
    auth: { token: member.token },
    forceNew: true,
    reconnection: false,
  });
  const listener: Listener = { member, socket, arrivals: [] };
  socket.on('notification', (notification: Pushed) => {
    listener.arrivals.push({ notification, at: performance.now() });
    listener.onArrival?.();
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(listener));
    socket.once('connect_error', (err) => {
      socket.close();
      reject(new Error(`socket for ${member.username} refused: ${err.message}`));
    });
  });
}

/** Connects `members` `batch` at a time (a thousand handshakes at once only measure the queue). */
export async function connectAll(baseUrl: string, members: Member[], batch: number): Promise<Listener[]> {
  const listeners: Listener[] = [];
  for (let i = 0; i < members.length; i += batch)
    listeners.push(...(await Promise.all(members.slice(i, i + batch).map((m) => connect(baseUrl, m)))));
  return listeners;
}

export function closeAll(listeners: Listener[]): void {
  for (const listener of listeners) listener.socket.close();
}
