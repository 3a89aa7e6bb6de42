import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const CLI = path.join(__dirname, '..', '..', 'src', 'cli.ts');

export interface ServerProcess {
  child: ChildProcess;
  uri: string;
  /** Everything the process wrote to stderr so far. */
  stderr: () => string;
  /** Resolves with the exit code (or signal) once the process has ended. */
  exited: Promise<number | NodeJS.Signals | null>;
}

/** Runs the real CLI (`npm run db`'s entry) in its own process, as an operator would, and waits for readiness. */
export function spawnServer(dbpath: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, '--port', '0', '--dbpath', dbpath], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  const exited = new Promise<number | NodeJS.Signals | null>((resolve) => {
    child.on('exit', (code, signal) => resolve(signal ?? code));
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in time:\n${stderr}`)), 30_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const ready = /waiting for connections at (mongodb:\/\/\S+)/.exec(stdout);
      if (ready) {
        clearTimeout(timer);
        resolve({ child, uri: ready[1], stderr: () => stderr, exited });
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${String(code)}) before it was ready:\n${stderr}`));
    });
  });
}

export interface OrphanedServer {
  /** The server's own pid (its parent is `sleep`, not this process). */
  pid: number;
  uri: string;
  /** Ends the parent; init then reaps whatever it left behind. */
  stopParent: () => Promise<void>;
}

/**
 * Runs the real CLI as the child of a parent that never reaps its children (`sleep`, which the shell execs into),
 * so after a SIGKILL the server stays a zombie for as long as the test wants. Node's own child processes cannot
 * show this: libuv reaps them as soon as SIGCHLD arrives. A busy or careless supervisor, or a container's pid 1,
 * leaves the same zombie behind.
 */
export function spawnServerUnderNonReapingParent(dbpath: string): Promise<OrphanedServer> {
  const script = `"$0" --import tsx "$1" --port 0 --dbpath "$2" & echo "server pid $!"; exec sleep 600`;
  const parent = spawn('/bin/sh', ['-c', script, process.execPath, CLI, dbpath], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const parentExited = new Promise<void>((resolve) => parent.on('exit', () => resolve()));
  const stopParent = async (): Promise<void> => {
    parent.kill('SIGKILL');
    await parentExited;
  };
  let stdout = '';
  let stderr = '';
  parent.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stopParent();
      reject(new Error(`server did not start in time:\n${stderr}`));
    }, 30_000);
    parent.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const pid = /server pid (\d+)/.exec(stdout);
      const ready = /waiting for connections at (mongodb:\/\/\S+)/.exec(stdout);
      if (pid && ready) {
        clearTimeout(timer);
        resolve({ pid: Number(pid[1]), uri: ready[1], stopParent });
      }
    });
  });
}
