/**
 * One client process of the capacity run: holds thousands of real socket.io clients (websocket only, the bearer
 * token in `auth`, as the web app connects) from one loopback source address, so that a few of these processes
 * share the load and none runs out of ephemeral ports. Started by capacity-clients.ts with an IPC channel; does
 * what the parent asks and reports every `notification` that arrives.
 */
import { performance } from 'node:perf_hooks';
import { io, type Socket } from 'socket.io-client';
import type { ClientCommand, ClientMember, ClientReply } from './capacity-clients';

interface Held {
  userId: string;
  socket: Socket;
}

const held: Held[] = [];
/** Sockets that disconnected without being asked to (the server or the network ended them). */
let lost = 0;
/** `notification` events received on all sockets. */
let received = 0;
let closing = false;

function reply(message: ClientReply): void {
  process.send?.(message);
}

/** Resolves with the refusal's message, or undefined once connected. */
function connectOne(
  url: string,
  localAddress: string,
  member: ClientMember,
  timeoutMs: number,
): Promise<string | undefined> {
  const socket = io(url, {
    path: '/socket.io',
    transports: ['websocket'],
    auth: member.after ? { token: member.token, after: member.after } : { token: member.token },
    forceNew: true,
    reconnection: false,
    timeout: timeoutMs,
    // Passed on by engine.io-client to `ws`, which binds the connection to this source address.
    localAddress,
  } as Parameters<typeof io>[1]);
  return new Promise((resolve) => {
    socket.once('connect', () => {
      held.push({ userId: member.userId, socket });
      socket.on('notification', () => {
        received++;
        reply({ type: 'arrival', userId: member.userId, at: performance.timeOrigin + performance.now() });
      });
      socket.once('disconnect', () => {
        if (!closing) lost++;
      });
      resolve(undefined);
    });
    socket.once('connect_error', (err) => {
      socket.close();
      resolve(err.message);
    });
  });
}

async function connectAll(command: Extract<ClientCommand, { type: 'connect' }>): Promise<void> {
  const started = performance.now();
  const errors = new Map<string, number>();
  let next = 0;
  let opened = 0;
  const worker = async (): Promise<void> => {
    while (next < command.members.length) {
      const member = command.members[next++];
      const refused = await connectOne(command.url, command.localAddress, member, command.timeoutMs);
      if (refused === undefined) opened++;
      else errors.set(refused, (errors.get(refused) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: command.inFlight }, worker));
  reply({
    type: 'connected',
    opened,
    failed: command.members.length - opened,
    errors: [...errors].map(([message, count]) => `${count} × ${message}`),
    seconds: (performance.now() - started) / 1000,
  });
}

/** `count` users whose socket is open, spread over everything held. */
function pick(count: number): string[] {
  const open = held.filter((h) => h.socket.connected);
  const step = Math.max(1, open.length / count);
  const users: string[] = [];
  for (let i = 0; i < open.length && users.length < count; i += step) users.push(open[Math.floor(i)].userId);
  return users;
}

process.on('message', (command: ClientCommand) => {
  switch (command.type) {
    case 'connect':
      void connectAll(command);
      return;
    case 'pick':
      reply({ type: 'picked', users: pick(command.count) });
      return;
    case 'status':
      reply({
        type: 'status',
        open: held.filter((h) => h.socket.connected).length,
        lost,
        received,
        rssBytes: process.memoryUsage().rss,
      });
      return;
    case 'close':
      closing = true;
      for (const h of held.splice(0)) h.socket.close();
      reply({ type: 'closed' });
      return;
    case 'exit':
      process.exit(0);
  }
});

if (!process.send) throw new Error('start me with an IPC channel (capacity-clients.ts)');
reply({ type: 'ready' });
