/**
 * A production install: the built JavaScript of the back end (and the web builds) with production dependencies
 * only, every part run with plain `node` (no tsx, no concurrently, no TypeScript). Made from a build
 * (`npm run build`) by `npm ci --omit=dev` from the committed lock, limited to the workspaces the chosen parts
 * need, so a container image holds one part and what it loads.
 *
 *   node dist/scripts/deploy/production-install.js --out DIR [--part auth]... [--web required|if-built|none]
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { HEALTHCHECK_SCRIPT, PROCESS_PARTS, SERVER_WORKSPACES, WEB_APPS, type ProcessPart } from './parts';

/** Whether the web builds go in: all of them (an error when one is missing), those that are built, or none. */
export type WebBuilds = 'required' | 'if-built' | 'none';

export interface InstallOptions {
  /** The repository, built. */
  root: string;
  /** Where the install goes; emptied first. */
  out: string;
  /** The processes to install; all of them by default. */
  parts?: readonly ProcessPart['name'][];
  web?: WebBuilds;
  /** Where npm's output goes (inherited by default; a test keeps it). */
  stdio?: 'inherit' | 'pipe';
}

interface PackageManifest {
  name: string;
  dependencies?: Record<string, string>;
}

const readManifest = (dir: string): PackageManifest =>
  JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as PackageManifest;

/** The repository root: the folder whose package.json is the workspace root (from `scripts/` and from `dist/`). */
export function repositoryRoot(from: string = __dirname): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest) && readManifest(dir).name === 'devcircle') return dir;
    if (path.dirname(dir) === dir) throw new Error(`no DevCircle repository above ${from}`);
  }
}

/** Every workspace the lock knows (npm ci wants each one's package.json, whatever it installs). */
function lockedWorkspaces(root: string): string[] {
  const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, unknown>;
  };
  return Object.keys(lock.packages).filter((key) => key !== '' && !key.includes('node_modules/'));
}

/** The server workspaces `workspace` loads at run time: itself and its `@devcircle/*` dependencies, transitively. */
function runtimeWorkspaces(root: string, workspace: string): Set<string> {
  const byName = new Map(SERVER_WORKSPACES.map((dir) => [readManifest(path.join(root, dir)).name, dir]));
  const found = new Set<string>();
  const visit = (dir: string): void => {
    if (found.has(dir)) return;
    found.add(dir);
    for (const name of Object.keys(readManifest(path.join(root, dir)).dependencies ?? {})) {
      const dependency = byName.get(name);
      if (dependency) visit(dependency);
    }
  };
  visit(workspace);
  return found;
}

function copyTree(from: string, to: string): void {
  fs.cpSync(from, to, { recursive: true, filter: (source) => !source.endsWith('.tsbuildinfo') });
}

/** Makes the install; answers the processes it holds. Throws, naming what to build, when the build is missing. */
export function createProductionInstall(options: InstallOptions): ProcessPart[] {
  const { root, out, web = 'if-built' } = options;
  const parts = PROCESS_PARTS.filter((part) => !options.parts || options.parts.includes(part.name));
  const workspaces = new Set(parts.flatMap((part) => [...runtimeWorkspaces(root, part.workspace)]));

  const healthcheck = path.join(root, 'dist/scripts/deploy', HEALTHCHECK_SCRIPT);
  const missing = [...workspaces, 'scripts']
    .filter((dir) => !fs.existsSync(dir === 'scripts' ? healthcheck : path.join(root, dir, 'dist/src')))
    .map((dir) => (dir === 'scripts' ? healthcheck : `${dir}/dist/src`));
  if (missing.length > 0) throw new Error(`not built: ${missing.join(', ')} (run npm run build first)`);
  const webBuilt = WEB_APPS.filter((app) => fs.existsSync(path.join(root, app, 'dist')));
  if (web === 'required' && webBuilt.length < WEB_APPS.length) {
    const notBuilt = WEB_APPS.filter((app) => !webBuilt.includes(app));
    throw new Error(`web apps not built: ${notBuilt.join(', ')} (run npm run build:web first)`);
  }

  fs.rmSync(out, { recursive: true, force: true });
  fs.mkdirSync(out, { recursive: true });
  for (const file of ['package.json', 'package-lock.json'])
    fs.copyFileSync(path.join(root, file), path.join(out, file));
  for (const dir of lockedWorkspaces(root)) {
    fs.mkdirSync(path.join(out, dir), { recursive: true });
    fs.copyFileSync(path.join(root, dir, 'package.json'), path.join(out, dir, 'package.json'));
  }
  for (const dir of workspaces) copyTree(path.join(root, dir, 'dist/src'), path.join(out, dir, 'dist/src'));
  fs.copyFileSync(healthcheck, path.join(out, HEALTHCHECK_SCRIPT));
  if (web !== 'none')
    for (const app of webBuilt) copyTree(path.join(root, app, 'dist'), path.join(out, app, 'dist'));

  // Exactly the lock's versions; no install scripts (none of the production dependencies needs one); the cache
  // first, so after the repository's own `npm ci` this needs no network.
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const selected = [...new Set(parts.map((part) => part.workspace))].flatMap((dir) => ['--workspace', dir]);
  execFileSync(
    npm,
    ['ci', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund', '--prefer-offline', ...selected],
    { cwd: out, stdio: options.stdio ?? 'inherit' },
  );
  return parts;
}

function main(argv: string[]): void {
  let out: string | undefined;
  let web: WebBuilds = 'if-built';
  const parts: ProcessPart['name'][] = [];
  for (let i = 0; i < argv.length; i += 2) {
    const [flag, value] = [argv[i], argv[i + 1]];
    if (value === undefined) throw new Error(`${flag} needs a value`);
    if (flag === '--out') out = path.resolve(value);
    else if (flag === '--web' && ['required', 'if-built', 'none'].includes(value)) web = value as WebBuilds;
    else if (flag === '--part' && PROCESS_PARTS.some((part) => part.name === value))
      parts.push(value as ProcessPart['name']);
    else throw new Error(`unknown option ${flag} ${value}`);
  }
  if (!out)
    throw new Error('usage: production-install --out DIR [--part NAME]... [--web required|if-built|none]');
  const installed = createProductionInstall({
    root: repositoryRoot(),
    out,
    parts: parts.length > 0 ? parts : undefined,
    web,
  });
  process.stdout.write(
    `\nProduction install in ${out}; run each part from there with NODE_ENV=production:\n` +
      installed
        .map((part) => {
          const env = Object.entries(part.env).map(([name, value]) => `${name}=${value} `);
          return `  ${part.name.padEnd(14)} ${env.join('')}node ${[...part.nodeFlags, part.entry].join(' ')}`;
        })
        .join('\n') +
      '\n',
  );
}

if (require.main === module) {
  try {
    main(process.argv.slice(2));
  } catch (err) {
    process.stderr.write(`production-install: ${(err as Error).message}\n`);
    process.exit(1);
  }
}
