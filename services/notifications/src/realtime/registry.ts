import type { NotificationView } from '../notifications/notification';
import type { NotificationSocket } from './types';

/** What `tell` passes on: ids as the sockets get them. */
export type ListChange = { type: 'read' | 'cleared'; upTo: string } | { type: 'removed'; ids: string[] };

/** Ids remembered per socket; far more than a catch-up (50) and the pushes racing it. */
const SENT_MEMORY = 500;

/**
 * The sockets this instance holds, by user. Every instance sees every new notification (fan-out.ts) and sends
 * it to the sockets it holds, so a user gets it once whichever instance their socket reached.
 */
export class SocketRegistry {
  private readonly byUser = new Map<string, Set<NotificationSocket>>();

  add(socket: NotificationSocket): void {
    const sockets = this.byUser.get(socket.data.userId) ?? new Set();
    sockets.add(socket);
    this.byUser.set(socket.data.userId, sockets);
  }

  remove(socket: NotificationSocket): void {
    const sockets = this.byUser.get(socket.data.userId);
    sockets?.delete(socket);
    if (sockets?.size === 0) this.byUser.delete(socket.data.userId);
  }

  socketsOf(userId: string): NotificationSocket[] {
    return [...(this.byUser.get(userId) ?? [])];
  }

  deliver(userId: string, notification: NotificationView): void {
    for (const socket of this.socketsOf(userId)) sendOnce(socket, notification);
  }

  /** A change to notifications already sent, for every socket of the user (the session that made it too). */
  tell(userId: string, change: ListChange): void {
    for (const socket of this.socketsOf(userId)) {
      if (change.type === 'removed') socket.emit('notifications:removed', { ids: change.ids });
      else
        socket.emit(change.type === 'read' ? 'notifications:read' : 'notifications:cleared', {
          upTo: change.upTo,
        });
    }
  }

  get size(): number {
    let count = 0;
    for (const sockets of this.byUser.values()) count += sockets.size;
    return count;
  }
}

/** Sends unless this socket had it already (the catch-up and a live push can both hold one). */
export function sendOnce(socket: NotificationSocket, notification: NotificationView): void {
  const { sent } = socket.data;
  if (sent.has(notification._id)) return;
  sent.add(notification._id);
  if (sent.size > SENT_MEMORY) {
    const oldest = sent.values().next().value;
    if (oldest !== undefined) sent.delete(oldest);
  }
  socket.emit('notification', notification);
}
