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
