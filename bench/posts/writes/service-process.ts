import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const ENTRY = path.join(__dirname, 'service-entry.ts');
const START_TIMEOUT_MS = 60_000;

/** The posts service of the source tree `root` in a child process (`node --import tsx`, no wrapper). */
export class ServiceProcess {
  private constructor(
    private readonly child: ChildProcess,
    readonly url: string,
  ) {}

  get pid(): number {
    return this.child.pid as number;
  }

  static async start(root: string, env: NodeJS.ProcessEnv, nodeArgs: string[] = []): Promise<ServiceProcess> {
    const child = fork(ENTRY, [], {
      execArgv: [...nodeArgs, '--import', pathToFileURL(require.resolve('tsx')).href],
      env: { ...process.env, ...env, BENCH_POSTS_ROOT: root },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const killOnExit = () => child.kill('SIGKILL');
    process.once('exit', killOnExit);
    child.once('exit', () => process.off('exit', killOnExit));
    return new Promise<ServiceProcess>((resolve, reject) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        reject(new Error('posts service did not start'));
      }, START_TIMEOUT_MS);
      child.once('message', (reply: { type: string; url: string }) => {
        clearTimeout(timer);
        resolve(new ServiceProcess(child, reply.url));
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`posts service exited before it was ready (code ${code})`));
      });
    });
  }

  /** Stops the service gracefully (SIGINT's path: profiles are written on a clean exit). */
  stop(): Promise<void> {
    if (this.child.exitCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      this.child.once('exit', () => resolve());
      this.child.send({ type: 'stop' });
    });
  }
}
