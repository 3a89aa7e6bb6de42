import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { processCpuSeconds } from '../shared/proc';

const REPO_ROOT = path.resolve(__dirname, '..', '..');
/**
 * Every part starts with V8's young generation at the size it grows to under this benchmark's load (16 MB a
 * semi-space, Node 20's largest), instead of V8's 1 MB that grows with load and shrinks again at the first
 * collection after a quiet spell. Between its runs a part sits idle for tens of seconds, so without this a run's
 * cost depended on how long its processes had been idle (the order of the targets): a shrunk part promotes the
 * objects of requests in flight to the old generation until its young generation has grown back, several seconds
 * of load later (bench/api/README.md, "A fair side by side").
 */
const STEADY_YOUNG_GENERATION = ['--min-semi-space-size=16'];
const READY_TIMEOUT_MS = 120_000;
const live = new Set<ChildProcess>();

process.on('exit', () => {
  for (const child of live) child.kill('SIGKILL');
});

/**
 * One part of the back end (a service, a gateway, the raw server) as a process of its own:
 * `node [nodeArgs] --import tsx <entry>` directly, so the pid is the part's own and /proc gives its CPU alone.
 * Its log lines go to /dev/null (written all the same: logging is part of what a request costs).
 */
export class PartProcess {
  private constructor(
    readonly name: string,
    private readonly child: ChildProcess,
    readonly url: string,
  ) {}

  get pid(): number {
    return this.child.pid as number;
  }

  /** CPU seconds (user + system) the part has used so far. */
  cpuSeconds(): number {
    return processCpuSeconds(this.pid);
  }

  /**
   * Starts `entry` (relative to `root`, the repository by default: a `git worktree` runs an older gateway) and
   * resolves once `readyPath` answers 200 on `url`.
   */
  static async start(options: {
    name: string;
    entry: string;
    env: NodeJS.ProcessEnv;
    url: string;
    readyPath: string;
    root?: string;
    nodeArgs?: string[];
  }): Promise<PartProcess> {
    const root = options.root ?? REPO_ROOT;
    const child = spawn(
      process.execPath,
      [
        ...STEADY_YOUNG_GENERATION,
        ...(options.nodeArgs ?? []),
        '--import',
        pathToFileURL(require.resolve('tsx')).href,
        path.join(root, options.entry),
      ],
      { cwd: root, env: { ...process.env, ...options.env }, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    live.add(child);
    let stderr = '';
    child.stderr?.setEncoding('utf8').on('data', (text: string) => {
      stderr = (stderr + text).slice(-4000);
    });
    let exited = false;
    child.once('exit', () => {
      exited = true;
      live.delete(child);
    });
    const deadline = Date.now() + READY_TIMEOUT_MS;
    for (;;) {
      if (exited) throw new Error(`${options.name} ended before it was ready:\n${stderr}`);
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`${options.name} not ready after ${READY_TIMEOUT_MS} ms:\n${stderr}`);
      }
      const ok = await fetch(`${options.url}${options.readyPath}`).then(
        (response) => response.status === 200,
        () => false,
      );
      if (ok) return new PartProcess(options.name, child, options.url);
      // Start-up polling only (nothing is timed yet): ask again shortly.
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  /** SIGTERM (a graceful stop, which also writes a `--cpu-prof` profile), and waits for the exit. */
  async stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 30_000);
    await exited;
    clearTimeout(timer);
  }
}
