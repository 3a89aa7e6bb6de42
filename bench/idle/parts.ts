import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../shared/worktree';

export const SERVICES = ['auth', 'posts', 'users', 'notifications'] as const;

export interface Part {
  name: string;
  child: ChildProcess;
}

export interface RunningParts {
  gatewayUrl: string;
  databaseUri: string;
  parts: Part[];
  stop(): Promise<void>;
}

/**
 * The processes `npm start` runs, started as it starts them (each package's built `main.js` with the same
 * environment), from the tree at `root`: the gateway on `port`, the database on `port + 1`, the services on
 * `port + 11…14`. The database is always today's embedded server, so both trees talk to the same server and only
 * what the app asks of it differs.
 */
export async function startParts(root: string, port: number): Promise<RunningParts> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'devcircle-bench-idle-data-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    DB_PORT: String(port + 1),
    PORT: String(port),
    AUTH_PORT: String(port + 11),
    POSTS_PORT: String(port + 12),
    USERS_PORT: String(port + 13),
    NOTIFICATIONS_PORT: String(port + 14),
    SERVE_STATIC: 'false',
    LOG_LEVEL: 'warn',
  };
  const launch = (name: string, entry: string, args: string[] = []): Part => ({
    name,
    child: spawn(process.execPath, [entry, ...args], { env, stdio: ['ignore', 'ignore', 'inherit'] }),
  });
  const database = launch('database', path.join(REPO_ROOT, 'packages/embedded-mongo/dist/src/cli.js'), [
    '--port',
    String(port + 1),
    '--dbpath',
    path.join(dataDir, 'db'),
  ]);
  const parts = [database];
  for (const service of SERVICES)
    parts.push(launch(service, path.join(root, 'services', service, 'dist/src/main.js')));
  parts.push(launch('gateway', path.join(root, 'api-gateway/dist/src/main.js')));
  const gatewayUrl = `http://127.0.0.1:${port}`;
  const stop = async (): Promise<void> => {
    await Promise.all(
      parts.map(async ({ child }) => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        const ended = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await ended;
      }),
    );
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForReady(gatewayUrl, parts);
  } catch (err) {
    await stop();
    throw err;
  }
  return { gatewayUrl, databaseUri: `mongodb://127.0.0.1:${port + 1}/?directConnection=true`, parts, stop };
}

/** Until the gateway's `/status` says every service has a ready instance (as `npm start` announces it). */
async function waitForReady(gatewayUrl: string, parts: Part[]): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const dead = parts.find(({ child }) => child.exitCode !== null);
    if (dead) throw new Error(`${dead.name} ended (${dead.child.exitCode}) before the app was ready`);
    try {
      if ((await fetch(`${gatewayUrl}/status`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the app was not ready within 2 minutes');
}
