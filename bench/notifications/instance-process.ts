import { execFile, fork, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
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
  /** File descriptors the process has open (/proc/self/fd; -1 where there is none). */
  openFiles: number;
}
type InstanceReply = InstanceSample | { type: 'snapshot'; file: string } | { type: 'ready'; url: string };

const ENTRY = path.join(__dirname, 'instance-entry.ts');
const START_TIMEOUT_MS = 60_000;
const run = promisify(execFile);

/** A process's soft open-file limit, from /proc/<pid>/limits (Linux). */
export async function openFileLimit(pid: number): Promise<number> {
  const limits = await readFile(`/proc/${pid}/limits`, 'utf8');
  const line = limits.split('\n').find((l) => l.startsWith('Max open files'));
  const soft = Number(line?.split(/\s{2,}/)[1]);
  if (!Number.isFinite(soft)) throw new Error(`no open-file limit in /proc/${pid}/limits`);
  return soft;
}

/**
 * Raises the open-file limit (soft and hard) of a running process to `wanted` with util-linux's `prlimit`: a
 * socket is a file descriptor, and 50,000 of them are far above the usual 1,024 or 20,000. Raising the hard
 * limit needs CAP_SYS_RESOURCE (root outside a container); without it the process keeps its limit (Node already
 * raised its soft limit to the hard one). A higher limit is left as it is. Resolves with the limit the process has
 * afterwards.
 */
export async function raiseOpenFiles(pid: number, wanted: number): Promise<number> {
  const current = await openFileLimit(pid);
  if (current >= wanted) return current;
  await run('prlimit', ['--pid', String(pid), `--nofile=${wanted}:${wanted}`]).catch(() => undefined);
  return openFileLimit(pid);
}

/**
 * A notifications instance in a child process: `node --expose-gc --import tsx instance-entry.ts` directly (no
 * wrapper process), so the memory it reports is the service's own.
 */
export class InstanceProcess {
  /** The child's open-file limit after raising it (when `openFiles` asked for that; Linux only). */
  openFileLimit = 0;

  private constructor(
    private readonly child: ChildProcess,
    readonly url: string,
  ) {}

  /**
   * `openFiles` raises the child's open-file limit (soft and hard, with `prlimit`; CAP_SYS_RESOURCE) once it is
   * ready: every socket it holds is a file descriptor. `openFileLimit` says what it got.
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
    if (options.openFiles !== undefined)
      instance.openFileLimit = await raiseOpenFiles(child.pid as number, options.openFiles);
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
