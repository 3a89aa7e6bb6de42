import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { raiseOpenFiles } from './instance-process';

/** Whom a socket is for; `after` asks the server for a catch-up of what came after that notification id. */
export interface ClientMember {
  userId: string;
  token: string;
  after?: string;
}

/** Parent → client process. */
export type ClientCommand =
  | {
      type: 'connect';
      url: string;
      /** The loopback source address every socket of this process binds to (127.0.0.2, 127.0.0.3, …). */
      localAddress: string;
      members: ClientMember[];
      /** Handshakes in flight at once. */
      inFlight: number;
      timeoutMs: number;
    }
  | { type: 'pick'; count: number }
  | { type: 'status' }
  | { type: 'close' }
  | { type: 'exit' };

/** Client process → parent. */
export type ClientReply =
  | { type: 'ready' }
  | { type: 'connected'; opened: number; failed: number; errors: string[]; seconds: number }
  | { type: 'picked'; users: string[] }
  | { type: 'status'; open: number; lost: number; received: number; rssBytes: number }
  | { type: 'closed' }
  /** A `notification` arrived on `userId`'s socket; `at` is epoch milliseconds (timeOrigin + now). */
  | { type: 'arrival'; userId: string; at: number };

type ReplyOf<T extends ClientReply['type']> = Extract<ClientReply, { type: T }>;

const ENTRY = path.join(__dirname, 'capacity-client-entry.ts');
const START_TIMEOUT_MS = 60_000;
/** A client process of the capacity run (`node --import tsx capacity-client-entry.ts`). */
export class ClientProcess {
  private readonly arrivalHandlers: ((userId: string, at: number) => void)[] = [];
  /** The process's open-file limit once raised (as far as this machine lets it be). */
  openFileLimit = 0;

  private constructor(
    private readonly child: ChildProcess,
    readonly localAddress: string,
  ) {
    child.on('message', (message: ClientReply) => {
      if (message.type === 'arrival')
        for (const handler of this.arrivalHandlers) handler(message.userId, message.at);
    });
  }

  static async start(localAddress: string, openFiles: number): Promise<ClientProcess> {
    const child = fork(ENTRY, [], {
      execArgv: ['--import', pathToFileURL(require.resolve('tsx')).href],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const killOnExit = () => child.kill('SIGKILL');
    process.once('exit', killOnExit);
    child.once('exit', () => process.off('exit', killOnExit));
    const client = new ClientProcess(child, localAddress);
    try {
      await client.next('ready', START_TIMEOUT_MS);
      client.openFileLimit = await raiseOpenFiles(child.pid as number, openFiles);
    } catch (err) {
      child.kill('SIGKILL');
      throw err;
    }
    return client;
  }

  /** The next reply of this type; rejects if the process exits first or after `timeoutMs`. */
  private next<T extends ClientReply['type']>(type: T, timeoutMs: number): Promise<ReplyOf<T>> {
    return new Promise((resolve, reject) => {
      const onMessage = (message: ClientReply) => {
        if (message.type !== type) return;
        done();
        resolve(message as ReplyOf<T>);
      };
      const onExit = (code: number | null) => {
        done();
        reject(new Error(`client process ${this.localAddress} exited (code ${code}) before '${type}'`));
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`client process ${this.localAddress}: no '${type}' within ${timeoutMs / 1000} s`));
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        this.child.off('message', onMessage);
        this.child.off('exit', onExit);
      };
      this.child.on('message', onMessage);
      this.child.once('exit', onExit);
    });
  }

  private ask<T extends ClientReply['type']>(command: ClientCommand, type: T, timeoutMs: number) {
    const reply = this.next(type, timeoutMs);
    this.child.send(command);
    return reply;
  }

  /** Opens a socket for each member, `inFlight` handshakes at a time, from this process's source address. */
  connect(
    url: string,
    members: ClientMember[],
    options: { inFlight: number; timeoutMs: number; limitMs: number },
  ): Promise<ReplyOf<'connected'>> {
    const { inFlight, timeoutMs, limitMs } = options;
    const command: ClientCommand = {
      type: 'connect',
      url,
      localAddress: this.localAddress,
      members,
      inFlight,
      timeoutMs,
    };
    return this.ask(command, 'connected', limitMs);
  }

  pick(count: number): Promise<string[]> {
    return this.ask({ type: 'pick', count }, 'picked', 30_000).then((reply) => reply.users);
  }

  status(): Promise<ReplyOf<'status'>> {
    return this.ask({ type: 'status' }, 'status', 30_000);
  }

  onArrival(handler: (userId: string, at: number) => void): void {
    this.arrivalHandlers.push(handler);
  }

  /** Closes every socket this process holds (the process stays). */
  async closeSockets(): Promise<void> {
    if (this.child.exitCode !== null) return;
    await this.ask({ type: 'close' }, 'closed', 60_000);
  }

  /** Ends the process (its sockets with it); SIGKILL if it does not go within 10 s. */
  stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.child.kill('SIGKILL'), 10_000);
      this.child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      this.child.send({ type: 'exit' } satisfies ClientCommand);
    });
  }
}
