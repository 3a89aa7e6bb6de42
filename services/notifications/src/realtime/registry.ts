import { ObjectId } from 'mongodb';
import type { NotificationView } from '../notifications/notification';
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

/** Adds `id` unless there; false when it was (the oldest id goes beyond `MEMORY`). */
function remember(ids: Set<string>, id: string): boolean {
  if (ids.has(id)) return false;
  ids.add(id);
  if (ids.size > MEMORY) {
    const oldest = ids.values().next().value;
    if (oldest !== undefined) ids.delete(oldest);
  }
  return true;
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
  private readonly pushed = new Set<string>();
  private readonly toldRemoved = new Set<string>();

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
  deliver(userId: string, notification: NotificationView): void {
    if (this.mode === 'stream') return this.push(userId, notification);
    this.io?.to(userRoom(userId)).except(sentRoom(notification._id)).emit('notification', notification);
  }

  /** A new notification, to the user's sockets on this instance, once (`notifications.push`, stream mode). */
  push(userId: string, notification: NotificationView): void {
    const id = notification._id;
    if (!this.io || !remember(this.pushed, id)) return;
    // Every instance sees every notification: most users hold no socket here, and an emit to an empty room
    // still encodes the packet. (A socket in a `sent:<id>` room is in its user's room too.)
    const rooms = this.io.of('/').adapter.rooms;
    if (!rooms.has(userRoom(userId))) return;
    const skip = sentRoom(id);
    this.io.local.to(userRoom(userId)).except(skip).emit('notification', notification);
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
      const ids = change.ids.filter((id) => remember(this.toldRemoved, id));
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
