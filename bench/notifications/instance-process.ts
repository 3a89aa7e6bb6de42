import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** Parent → child. */
export type InstanceMessage = { type: 'sample' } | { type: 'stop' };

/** Child → parent: its address once listening, and memory samples on request. */
export interface InstanceSample {
  type: 'sample';
  rssBytes: number;
  /** Heap in use right after full garbage collections. */
  heapUsedBytes: number;
  /** Sockets the instance holds (its registry). */
  sockets: number;
}
type InstanceReply = InstanceSample | { type: 'ready'; url: string };

const ENTRY = path.join(__dirname, 'instance-entry.ts');
const START_TIMEOUT_MS = 60_000;

/**
 * A notifications instance in a child process: `node --expose-gc --import tsx instance-entry.ts` directly (no
 * wrapper process), so the memory it reports is the service's own.
 */
export class InstanceProcess {
  private constructor(
    private readonly child: ChildProcess,
    readonly url: string,
  ) {}

  static start(env: NodeJS.ProcessEnv): Promise<InstanceProcess> {
    const child = fork(ENTRY, [], {
      execArgv: ['--expose-gc', '--import', pathToFileURL(require.resolve('tsx')).href],
      env: { ...process.env, ...env },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const killOnExit = () => child.kill('SIGKILL');
    process.once('exit', killOnExit);
    child.once('exit', () => process.off('exit', killOnExit));
    return new Promise<InstanceProcess>((resolve, reject) => {
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
  }

  sample(): Promise<InstanceSample> {
    return new Promise((resolve) => {
      this.child.once('message', (reply: InstanceSample) => resolve(reply));
      this.child.send({ type: 'sample' } satisfies InstanceMessage);
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
