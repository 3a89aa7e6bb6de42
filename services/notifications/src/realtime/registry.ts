import { ObjectId } from 'mongodb';
import { toView, type NotificationDoc } from '../notifications/notification';
import type { NotificationServer, NotificationSocket } from './types';

/** What `tell` passes on: ids as the sockets get them. */
export type ListChange = { type: 'read' | 'cleared'; upTo: string } | { type: 'removed'; ids: string[] };

/**
 * How a notification reaches the user's sockets on the other instances (docs/events.md, "Realtime"):
 * - `stream` (default): every instance's `notifications.push` reads the `notifications` collection's change
 *   stream and pushes each new one to its own sockets;
 * - `adapter`: socket.io's MongoDB adapter (`@socket.io/mongo-adapter`): the instance that inserted it emits to
 *   the user's room and the adapter carries the packet to the others through a collection of its own.
 */
export type RealtimeMode = 'stream' | 'adapter';

/** Every socket of a user joins this room, on whichever instance it is. */
export function userRoom(userId: string): string {
  return `user:${userId}`;
}

/** A socket that its catch-up sent notification `id` is in this room, so that a later push of `id` skips it. */
export function sentRoom(id: string): string {
  return `sent:${id}`;
}

/**
 * Ids this instance pushed, or told removed, lately: the inserting instance's push and its own fan-out both see
 * each notification, and every instance that handles a post's or comment's deletion at the same moment may
 * record a removal signal for the same ids.
 */
const MEMORY = 10_000;

/**
 * How far behind its inserts `notifications.push` may run and still repeat nothing: a catch-up that sends a
 * notification made longer ago than this, and not pushed here since this instance started, expects no push of it.
 */
const PUSH_LAG_BOUND_MS = 60_000;

/**
 * The last `MEMORY` ids added, oldest forgotten first. The order is kept in a ring of its own: taking a Set's
 * oldest entry (`values().next()`) after many deletions walks over every deleted slot, which made this a tenth
 * of the CPU of a backlog drain.
 */
class RecentIds {
  private readonly ids = new Set<string>();
  private readonly ring: string[] = new Array<string>(MEMORY);
  private next = 0;

  has(id: string): boolean {
    return this.ids.has(id);
  }

  /** Adds `id` unless there; false when it was. */
  remember(id: string): boolean {
    if (this.ids.has(id)) return false;
    const oldest = this.ring[this.next];
    if (oldest !== undefined) this.ids.delete(oldest);
    this.ring[this.next] = id;
    this.next = (this.next + 1) % MEMORY;
    this.ids.add(id);
    return true;
  }
}

/**
 * The user rooms of this instance's socket.io server. Each socket joins `user:<id>` when it connects
 * (socket-server.ts); a push goes to the room (`io.to(room).emit`), never socket by socket.
 *
 * A socket never gets a notification twice: pushes skip the `sent:<id>` room of the sockets whose catch-up sent
 * that one, and a catch-up skips what a push already sent while it ran (socket-server.ts).
 */
export class SocketRegistry {
  private io?: NotificationServer;
  private readonly pushed = new RecentIds();
  private readonly toldRemoved = new RecentIds();

  constructor(readonly mode: RealtimeMode = 'stream') {}

  /** The server whose rooms this is (set when the socket server is attached). */
  bind(io: NotificationServer): void {
    this.io = io;
  }

  /** Puts the socket in its user's room. */
  add(socket: NotificationSocket): void {
    void socket.join(userRoom(socket.data.userId));
  }

  /** The user's sockets held by this instance (a revocation ends them; each instance ends its own). */
  socketsOf(userId: string): NotificationSocket[] {
    const nsp = this.io?.of('/');
    const ids = nsp?.adapter.rooms.get(userRoom(userId));
    if (!nsp || !ids) return [];
    return [...ids].flatMap((id) => nsp.sockets.get(id) ?? []);
  }

  /**
   * A notification this instance just inserted (notify.ts). With the adapter, it goes to the user's room on every
   * instance; with the change streams, to this instance's sockets only (every instance's `notifications.push`
   * does the same for its own, see `push`).
   */
  deliver(notification: NotificationDoc): void {
    if (this.mode === 'stream') return this.push(notification);
    const userId = notification.userId.toHexString();
    const view = toView(notification);
    this.io?.to(userRoom(userId)).except(sentRoom(view._id)).emit('notification', view);
  }

  /** A new notification, to the user's sockets on this instance, once (`notifications.push`, stream mode). */
  push(notification: NotificationDoc): void {
    const id = notification._id.toHexString();
    if (!this.io || !this.pushed.remember(id)) return;
    // Every instance sees every notification: most users hold no socket here, and an emit to an empty room
    // still encodes the packet (nor is the view made then). A socket in a `sent:<id>` room is in its user's room.
    const rooms = this.io.of('/').adapter.rooms;
    const room = userRoom(notification.userId.toHexString());
    if (!rooms.has(room)) return;
    const skip = sentRoom(id);
    this.io.local.to(room).except(skip).emit('notification', toView(notification));
    // This instance will not push it again: the sockets whose catch-up sent it need the room no more.
    if (rooms.has(skip)) this.io.local.in(skip).socketsLeave(skip);
  }

  /**
   * Whether a push of this notification may still reach this instance's sockets, so that a catch-up sending it
   * must keep the socket in its `sent:<id>` room. With the change streams, not once this instance pushed it (it
   * pushes each once), nor when it was made before this instance's push could have seen it (`PUSH_LAG_BOUND_MS`).
   * With the adapter this instance cannot tell: the socket keeps the room while connected.
   */
  mayStillPush(id: string): boolean {
    if (this.mode === 'adapter') return true;
    if (this.pushed.has(id)) return false;
    return new ObjectId(id).getTimestamp().getTime() > Date.now() - PUSH_LAG_BOUND_MS;
  }

  /**
   * A change to notifications already sent, to the user's sockets on this instance (the session that made it
   * too): every instance's `notifications.signals` tells its own. A removal is told once per id.
   */
  tell(userId: string, change: ListChange): void {
    const room = this.io?.local.to(userRoom(userId));
    if (!room) return;
    if (change.type === 'removed') {
      const ids = change.ids.filter((id) => this.toldRemoved.remember(id));
      if (ids.length > 0) room.emit('notifications:removed', { ids });
    } else
      room.emit(change.type === 'read' ? 'notifications:read' : 'notifications:cleared', {
        upTo: change.upTo,
      });
  }

  /** `sent:<id>` rooms this instance holds (catch-ups whose notification may still be pushed). */
  get sentRooms(): number {
    let count = 0;
    for (const room of this.io?.of('/').adapter.rooms.keys() ?? []) if (room.startsWith('sent:')) count++;
    return count;
  }

  /** Sockets this instance holds. */
  get size(): number {
    return this.io?.of('/').sockets.size ?? 0;
  }
}
