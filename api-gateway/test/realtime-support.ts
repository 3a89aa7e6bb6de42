import { signUp } from '@devcircle/service-test-kit';
import { io, type Socket } from 'socket.io-client';
import { bearer, eventually } from './helpers';
import type { NotificationView } from '../../services/notifications/src';

/** A registered user of a test stack: the token for the socket, the header for HTTP. */
export interface Member {
  id: string;
  username: string;
  token: string;
  auth: Record<string, string>;
}

export interface Reply {
  status: number;
  body: Record<string, unknown> & unknown[];
}

export async function send(
  baseUrl: string,
  method: string,
  urlPath: string,
  member?: Member,
  body?: unknown,
): Promise<Reply> {
  const response = await fetch(`${baseUrl}${urlPath}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(member?.auth ?? {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Reply['body'] };
}

let count = 0;

/**
 * Registers through the gateway as a person does (register, the link auth mailed to `outboxDir`, confirm) and waits
 * for the profile (made from auth's event).
 */
export async function register(baseUrl: string, outboxDir: string, prefix = 'rt'): Promise<Member> {
  const username = `${prefix}${process.pid % 1000}x${++count}`;
  const { token, user } = await signUp(baseUrl, outboxDir, { username, password: 'realtime-pass1' });
  const member = { id: user.id, username, token, auth: bearer(token) };
  await eventually(async () => (await send(baseUrl, 'GET', `/api/users/${username}`, member)).status === 200);
  return member;
}

export async function publish(baseUrl: string, author: Member, content = 'hello'): Promise<string> {
  const reply = await send(baseUrl, 'POST', '/api/posts', author, { content });
  if (reply.status !== 201) throw new Error(`publish: ${reply.status}`);
  return reply.body._id as string;
}

/** A notification as the list returns it and the socket pushes it (the service's own type). */
export type Pushed = NotificationView;

/** A socket.io client that keeps what it received, as the shell's would. */
export interface Listener {
  socket: Socket;
  received: Pushed[];
  /** Ids received more than once on this connection or across its reconnections. */
  repeats(): string[];
  close(): void;
}

export function listen(
  baseUrl: string,
  auth: () => Record<string, unknown>,
  query: Record<string, string> = {},
): Listener {
  const received: Pushed[] = [];
  const socket = io(baseUrl, {
    path: '/socket.io',
    transports: ['websocket'],
    auth: (cb) => cb(auth()),
    query,
    reconnectionDelay: 100,
    reconnectionDelayMax: 500,
    forceNew: true,
  });
  socket.on('notification', (notification: Pushed) => received.push(notification));
  return {
    socket,
    received,
    repeats: () => {
      const seen = new Set<string>();
      return received.map((n) => n._id).filter((id) => seen.size === seen.add(id).size);
    },
    close: () => socket.close(),
  };
}

/** Waits for the socket to connect, or rejects with the server's refusal. */
export function connected(listener: Listener): Promise<void> {
  const { socket } = listener;
  if (socket.connected) return Promise.resolve();
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (err) => reject(err));
  });
}

/** The refusal a handshake gets. */
export function refusal(listener: Listener): Promise<Error & { data?: { code?: string } }> {
  return new Promise((resolve, reject) => {
    listener.socket.once('connect', () => reject(new Error('connected, expected a refusal')));
    listener.socket.once('connect_error', (err) => resolve(err as Error & { data?: { code?: string } }));
  });
}
