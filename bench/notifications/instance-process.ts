import { execFile, fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

/** Parent → child. */
export type InstanceMessage = { type: 'sample' } | { type: 'snapshot'; file: string } | { type: 'stop' };

/** Child → parent: its address once listening, and memory samples on request. */
export interface InstanceSample {
  type: 'sample';
  rssBytes: number;
  /** The highest RSS the process has had so far (getrusage's maxrss). */
  maxRssBytes: number;
  /** Heap in use right after full garbage collections. */
  heapUsedBytes: number;
  /** Sockets the instance holds (its registry). */
  sockets: number;
}
type InstanceReply = InstanceSample | { type: 'snapshot'; file: string } | { type: 'ready'; url: string };

const ENTRY = path.join(__dirname, 'instance-entry.ts');
const START_TIMEOUT_MS = 60_000;
const run = promisify(execFile);

/**
 * Raises the open-file limit (soft and hard) of a running process with util-linux's `prlimit`: a socket is a
 * file descriptor, and 50,000 of them are far above the usual 1,024 or 20,000. Raising the hard limit needs root.
 */
export async function raiseOpenFiles(pid: number, limit: number): Promise<void> {
  try {
    await run('prlimit', ['--pid', String(pid), `--nofile=${limit}:${limit}`]);
  } catch (err) {
    throw new Error(
      `could not raise the open-file limit of process ${pid} to ${limit} (prlimit, needs root): ${(err as Error).message}`,
      { cause: err },
    );
  }
}

/**
 * A notifications instance in a child process: `node --expose-gc --import tsx instance-entry.ts` directly (no
 * wrapper process), so the memory it reports is the service's own.
 */
export class InstanceProcess {
  private constructor(
    private readonly child: ChildProcess,
    readonly url: string,
  ) {}

  /**
   * `openFiles` raises the child's open-file limit (soft and hard, with `prlimit`; root only) once it is ready:
   * every socket it holds is a file descriptor.
   */
  static async start(env: NodeJS.ProcessEnv, options: { openFiles?: number } = {}): Promise<InstanceProcess> {
    const child = fork(ENTRY, [], {
      execArgv: ['--expose-gc', '--import', pathToFileURL(require.resolve('tsx')).href],
      env: { ...process.env, ...env },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const killOnExit = () => child.kill('SIGKILL');
    process.once('exit', killOnExit);
    child.once('exit', () => process.off('exit', killOnExit));
    const instance = await new Promise<InstanceProcess>((resolve, reject) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        reject(new Error('notifications instance did not start'));
      }, START_TIMEOUT_MS);
      child.once('message', (reply: InstanceReply) => {
        clearTimeout(timer);
        if (reply.type === 'ready') resolve(new InstanceProcess(child, reply.url));
        else reject(new Error(`unexpected first message ${reply.type}`));
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`notifications instance exited before it was ready (code ${code})`));
      });
    });
    if (options.openFiles !== undefined) {
      await raiseOpenFiles(child.pid as number, options.openFiles).catch(async (err: Error) => {
        await instance.stop();
        throw err;
      });
    }
    return instance;
  }

  sample(): Promise<InstanceSample> {
    return new Promise((resolve) => {
      this.child.once('message', (reply: InstanceSample) => resolve(reply));
      this.child.send({ type: 'sample' } satisfies InstanceMessage);
    });
  }

  /** Writes a V8 heap snapshot of the instance (after full GCs) to `file`; resolves once it is written. */
  snapshot(file: string): Promise<void> {
    return new Promise((resolve) => {
      this.child.once('message', () => resolve());
      this.child.send({ type: 'snapshot', file } satisfies InstanceMessage);
    });
  }

  /** Stops the service gracefully (its consumers and sockets), then the process ends. */
  stop(): Promise<void> {
    if (this.child.exitCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      this.child.once('exit', () => resolve());
      this.child.send({ type: 'stop' } satisfies InstanceMessage);
    });
  }
}
