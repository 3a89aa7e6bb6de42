import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

/**
 * `npm start` as the README runs it, on `port` (the gateway; the database and services on the ports after it) and
 * a data directory of its own, in a process group of its own (so its CPU can be read and it can be stopped whole).
 */
export function startApp(port: number, dataDir: string, env: Record<string, string> = {}): ChildProcess {
  return spawn('npm', ['start'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      DB_PORT: String(port + 1),
      AUTH_PORT: String(port + 11),
      POSTS_PORT: String(port + 12),
      USERS_PORT: String(port + 13),
      NOTIFICATIONS_PORT: String(port + 14),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_REGISTER_PER_IP: '1000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'ignore'],
    detached: true,
  });
}

/** Resolves when the start prints that the app is running at `url`; rejects if it ends first. */
export function waitForRunning(child: ChildProcess, url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(`DevCircle is running at ${url}`)) resolve();
    });
    child.once('exit', (code) => reject(new Error(`npm start ended (${code}):\n${output.slice(-2000)}`)));
  });
}

/** Stops the whole start (its process group) and waits for it to end. */
export async function stopApp(child: ChildProcess): Promise<void> {
  const stopped = new Promise((resolve) => child.once('exit', resolve));
  if (child.exitCode === null) process.kill(-(child.pid as number), 'SIGTERM');
  await stopped;
}
