import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import type { BenchServerReply, BenchServerRequest } from './bench-server';
import { baselineEntry } from './baseline';

/**
 * The server under test, in a child process of its own so that its memory is measured apart from the driver's.
 * The child is `node --import tsx <entry>` directly (not `npx tsx`, which would put wrapper processes between us
 * and the server), so the pid we hold is the server's; a compiled script (`.js`, see `builtCli`) runs on plain
 * `node`, as `npm start` runs it — tsx's loader thread alone holds about 50 MiB of resident memory.
 */

const REPO_ROOT = path.resolve(__dirname, '..', '..');
/** `cli`: the real CLI, exactly as users start it. `bench`: same server, plus compaction on request. */
const ENTRIES = {
  cli: path.join(REPO_ROOT, 'packages', 'embedded-mongo', 'src', 'cli.ts'),
  bench: path.join(__dirname, 'bench-server.ts'),
} as const;
/** A tree's compiled CLI (`tsc -b packages/embedded-mongo` first), exactly what `npm start` runs. */
export function builtCli(root: string): string {
  return path.join(root, 'packages', 'embedded-mongo', 'dist', 'src', 'cli.js');
}

/** `baseline`: the bench entry of the commit before the oplog (see `baseline.ts`), for before/after pairs. */
export type ServerEntry = keyof typeof ENTRIES | 'baseline';

const READY_LINE = /embedded-mongo waiting for connections at (mongodb:\/\/\S+)/;
const STDERR_LINES_KEPT = 20;
const live = new Set<ChildProcess>();
/** Node flags every server gets (e.g. `--cpu-prof`), on top of a start's own. */
let defaultNodeArgs: string[] = [];

export function setServerNodeArgs(args: string[]): void {
  defaultNodeArgs = [...args];
}

process.on('exit', () => {
  for (const child of live) child.kill('SIGKILL');
});

export interface StartOptions {
  dbpath: string;
  entry?: ServerEntry;
  /**
   * Another tree's server script (e.g. a reference worktree's `src/cli.ts`, or a built `dist/src/cli.js`, which
   * runs without tsx), instead of `entry`.
   */
  script?: string;
  /** `bench` entry only: the journal size that triggers automatic compaction. */
  compactAfterBytes?: number;
  /** Extra node flags for the server, e.g. `--cpu-prof`. */
  nodeArgs?: string[];
  /** Environment added to this process's for the server (e.g. a tree's DATABASE_ENV). */
  env?: Readonly<Record<string, string>>;
  readyTimeoutMs?: number;
}

export interface ServerMemory {
  /** Resident set size now (VmRSS). */
  rssBytes: number;
  /** Peak resident set size (VmHWM). */
  hwmBytes: number;
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export class ServerProcess {
  private readonly stderrTail: string[];

  private constructor(
    private readonly child: ChildProcess,
    readonly uri: string,
    /** Milliseconds from spawning the process to its ready line. */
    readonly readyMs: number,
    stderrTail: string[],
  ) {
    this.stderrTail = stderrTail;
  }

  get pid(): number {
    return this.child.pid as number;
  }

  /** Spawns the server and resolves once it prints its ready line. */
  static start(options: StartOptions): Promise<ServerProcess> {
    const entry = options.entry ?? 'bench';
    const script = options.script ?? (entry === 'baseline' ? baselineEntry() : ENTRIES[entry]);
    const args = [
      ...defaultNodeArgs,
      ...(options.nodeArgs ?? []),
      ...(script.endsWith('.js') ? [] : ['--import', pathToFileURL(require.resolve('tsx')).href]),
      script,
      '--port',
      '0',
      '--dbpath',
      options.dbpath,
    ];
    if (options.compactAfterBytes !== undefined) {
      if (entry === 'cli') throw new Error('compactAfterBytes needs a bench entry');
      args.push('--compact-after-bytes', String(options.compactAfterBytes));
    }
    const started = performance.now();
    const child = spawn(process.execPath, args, {
      cwd: REPO_ROOT,
      env: { ...process.env, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe', ...(entry !== 'cli' && !options.script ? (['ipc'] as const) : [])],
    });
    live.add(child);
    child.once('exit', () => live.delete(child));
    const stderrTail: string[] = [];
    child.stderr?.setEncoding('utf8').on('data', (text: string) => {
      stderrTail.push(...text.split('\n').filter(Boolean));
      stderrTail.splice(0, Math.max(0, stderrTail.length - STDERR_LINES_KEPT));
    });
    const ready = new Promise<ServerProcess>((resolve, reject) => {
      let stdout = '';
      let isReady = false;
      // Keep reading after the ready line too, so the child never blocks on a full pipe.
      child.stdout?.setEncoding('utf8').on('data', (text: string) => {
        if (isReady) return;
        stdout += text;
        const match = READY_LINE.exec(stdout);
        if (!match) return;
        isReady = true;
        resolve(new ServerProcess(child, match[1], performance.now() - started, stderrTail));
      });
      child.once('error', reject);
      child.once('exit', (code, signal) =>
        reject(
          new Error(
            `server exited before it was ready (code ${code}, signal ${signal}):\n${stderrTail.join('\n')}`,
          ),
        ),
      );
    });
    return withTimeout(ready, options.readyTimeoutMs ?? 300_000, 'server start').catch((err: Error) => {
      child.kill('SIGKILL');
      throw err;
    });
  }

  /** The server's resident memory, from /proc/<pid>/status. */
  memory(): ServerMemory {
    const status = fs.readFileSync(`/proc/${this.pid}/status`, 'utf8');
    const kib = (field: string): number => {
      const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
      if (!match) throw new Error(`no ${field} in /proc/${this.pid}/status`);
      return Number(match[1]) * 1024;
    };
    return { rssBytes: kib('VmRSS'), hwmBytes: kib('VmHWM') };
  }

  /** Asks a `bench` server to write a snapshot now; resolves with the server-side duration in ms. */
  compact(timeoutMs = 300_000): Promise<number> {
    const child = this.child;
    if (!child.send) throw new Error('compact() needs a server started with the bench entry');
    const done = new Promise<number>((resolve, reject) => {
      const onMessage = (message: BenchServerReply): void => {
        child.off('message', onMessage);
        if (message.type === 'compacted') resolve(message.ms);
        else reject(new Error(`compaction failed: ${message.message}`));
      };
      child.on('message', onMessage);
      const request: BenchServerRequest = { type: 'compact' };
      child.send?.(request);
    });
    return withTimeout(done, timeoutMs, 'compaction');
  }

  /** Stops the server gracefully (SIGTERM), or kills it if it takes longer than the timeout. */
  async stop(timeoutMs = 60_000): Promise<void> {
    const child = this.child;
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<string>((resolve) =>
      child.once('exit', (code, signal) => resolve(code === null ? `signal ${signal}` : `code ${code}`)),
    );
    child.kill('SIGTERM');
    try {
      const how = await withTimeout(exited, timeoutMs, 'server stop');
      if (how !== 'code 0') throw new Error(`server exited with ${how}:\n${this.stderrTail.join('\n')}`);
    } catch (err) {
      child.kill('SIGKILL');
      throw err;
    }
  }
}

/** Starts a server, runs `body` with it, and always stops it. */
export async function withServer<T>(
  options: StartOptions,
  body: (server: ServerProcess) => Promise<T>,
): Promise<T> {
  const server = await ServerProcess.start(options);
  try {
    return await body(server);
  } finally {
    await server.stop();
  }
}
