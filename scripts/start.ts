/**
 * `npm start` / `npm run dev`: builds what is not built, then runs the embedded database (unless MONGODB_URI is
 * set), the four services and the gateway under concurrently, which restarts a process that crashes and stops
 * them all on Ctrl-C or SIGTERM.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import concurrently, { type ConcurrentlyCommandInput } from 'concurrently';
import { DATABASE_ENV, DATABASE_NODE_FLAGS } from './deploy/parts';

const ROOT = path.resolve(__dirname, '..');
const watch = process.argv.includes('--watch');
const dataDir = path.resolve(ROOT, process.env.DATA_DIR ?? 'data');
const gatewayPort = process.env.PORT ?? '8080';
const databasePort = process.env.DB_PORT ?? '27018';

const SERVICES = ['auth', 'posts', 'users', 'notifications'] as const;
const TSC = path.join(ROOT, 'node_modules/typescript/bin/tsc');

/** The web apps the gateway serves, and the file each build must have produced. */
function webBuildsMissing(): boolean {
  const apps = readdirSync(ROOT).filter((entry) => entry === 'shell' || entry.startsWith('mf-'));
  return apps.some(
    (app) => !existsSync(path.join(ROOT, app, 'dist', app === 'shell' ? 'index.html' : 'mf-manifest.json')),
  );
}

function build(): void {
  // Incremental: a no-op when nothing changed since the last build.
  execFileSync(process.execPath, [TSC, '-b'], { cwd: ROOT, stdio: 'inherit' });
  // The web builds take a while, so they run only when missing; `npm run build` rebuilds them.
  if (webBuildsMissing()) execFileSync('npm', ['run', 'build:web'], { cwd: ROOT, stdio: 'inherit' });
}

/**
 * How to run one package's entry point: its built JavaScript; in watch mode under `node --watch`, which restarts it
 * when `tsc -b --watch` rewrites any file it loaded (its own or a shared package's). `exec` replaces the shell
 * concurrently starts, so signals reach the process itself.
 */
function entry(packageDir: string): string {
  return `exec node ${watch ? '--watch ' : ''}${path.join(packageDir, 'dist/src/main.js')}`;
}

function commands(): ConcurrentlyCommandInput[] {
  const env = { DATA_DIR: dataDir, DB_PORT: databasePort };
  const list: ConcurrentlyCommandInput[] = [];
  if (watch) list.push({ name: 'build', command: `exec node ${TSC} -b --watch --preserveWatchOutput` });
  if (!process.env.MONGODB_URI) {
    const cli = path.join(ROOT, 'packages/embedded-mongo/dist/src/cli.js');
    list.push({
      name: 'db',
      // The database's V8 flags and environment, as its container image runs it (docs/database.md: memory).
      command: `exec node ${[...DATABASE_NODE_FLAGS, cli].join(' ')} --port ${databasePort} --dbpath ${path.join(dataDir, 'db')}`,
      env: { ...env, ...DATABASE_ENV },
    });
  }
  for (const service of SERVICES)
    list.push({ name: service, command: entry(path.join(ROOT, 'services', service)), env });
  list.push({
    name: 'gateway',
    command: entry(path.join(ROOT, 'api-gateway')),
    env: { ...env, PORT: gatewayPort },
  });
  return list;
}

/** What the gateway's `/status` says of each service (only what this script reads). */
interface SystemStatus {
  services?: Record<string, { status?: string }>;
}

/**
 * Prints the address once every part answers ready — the gateway's `/status`: each service has a ready instance
 * (its indexes are in place and its database answers) — so a visitor who acts on the line never meets a 5xx.
 * Asks again as soon as an answer comes back (each is bounded by the gateway's probe timeout).
 */
async function announceWhenReady(): Promise<void> {
  const url = `http://localhost:${gatewayPort}`;
  const deadline = Date.now() + 3 * 60_000;
  let waiting = 'the gateway';
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${url}/status`);
      if (response.ok) {
        process.stdout.write(`\n  DevCircle is running at ${url}  (Ctrl-C to stop)\n\n`);
        return;
      }
      const { services = {} } = (await response.json()) as SystemStatus;
      waiting = Object.keys(services)
        .filter((name) => services[name]?.status !== 'ready')
        .join(', ');
    } catch {
      // the gateway is not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  process.stdout.write(
    `\n  DevCircle did not get ready within 3 minutes (waiting for ${waiting}); see the logs above.\n\n`,
  );
}

function main(): void {
  build();
  const { result } = concurrently(commands(), {
    prefix: 'name',
    restartTries: -1, // a crashed process comes back, as often as it takes
    restartDelay: 1000,
    killOthersOn: [],
    handleInput: false,
  });
  // concurrently counts a stop as clean (exit code 0, so nothing is restarted) only when it came by SIGINT; a
  // SIGTERM stop would restart whatever died by the signal (tsc --watch). Let SIGTERM stop it the same way.
  process.on('SIGTERM', () => process.emit('SIGINT', 'SIGINT'));
  void announceWhenReady();
  result.then(
    () => process.exit(0),
    () => process.exit(0), // stopped by a signal: every process was told to stop
  );
}

main();
