import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The repository these benchmarks belong to. */
export const REPO_ROOT = path.resolve(__dirname, '..', '..');
const TSC = path.join(REPO_ROOT, 'node_modules/typescript/bin/tsc');

/** What runs on the server: the gateway and the services (and, through their references, the libraries). */
const SERVER_PROJECTS = [
  'api-gateway',
  'services/auth',
  'services/posts',
  'services/users',
  'services/notifications',
  'packages/embedded-mongo',
];

/** Builds the server's TypeScript in `root` (incremental: a no-op when nothing changed). */
export function buildTree(root: string): void {
  execFileSync(process.execPath, [TSC, '-b', ...SERVER_PROJECTS], { cwd: root, stdio: 'inherit' });
}

/**
 * `commit` checked out beside the repository (a git worktree), for the "before" side of a side-by-side benchmark:
 * both sides then run on this machine in the same run. It shares the repository's installed packages except its
 * own workspace packages: `node_modules/@devcircle/*` there point at the worktree's folders, so its services run
 * their own service-kit and database, not today's. Packages its lock has that today's install dropped are added.
 * `build` (the default) compiles its server projects, for benchmarks that run the built `dist/`.
 */
export function prepareWorktree(commit: string, options: { build?: boolean } = {}): string {
  const dir = path.join(os.tmpdir(), `devcircle-bench-${commit}`);
  if (!fs.existsSync(path.join(dir, 'package.json'))) {
    fs.rmSync(dir, { recursive: true, force: true });
    execFileSync('git', ['worktree', 'prune'], { cwd: REPO_ROOT });
    execFileSync('git', ['worktree', 'add', '--detach', dir, commit], { cwd: REPO_ROOT, stdio: 'ignore' });
  }
  linkPackages(dir);
  addMissingPackages(dir);
  if (options.build ?? true) buildTree(dir);
  return dir;
}

/** The worktree's `node_modules`: a link per installed package, its own folders for the workspace packages. */
function linkPackages(dir: string): void {
  const modules = path.join(dir, 'node_modules');
  if (fs.existsSync(modules)) return;
  fs.mkdirSync(path.join(modules, '@devcircle'), { recursive: true });
  const shared = path.join(REPO_ROOT, 'node_modules');
  for (const entry of fs.readdirSync(shared)) {
    if (entry === '@devcircle') continue;
    fs.symlinkSync(path.join(shared, entry), path.join(modules, entry));
  }
  // Each workspace link, resolved to its folder in the repository, pointed at the same folder in the worktree; a
  // workspace's own node_modules (a version its neighbours do not share, e.g. service-kit's @opentelemetry) too.
  for (const name of fs.readdirSync(path.join(shared, '@devcircle'))) {
    const target = fs.realpathSync(path.join(shared, '@devcircle', name));
    const inWorktree = path.join(dir, path.relative(REPO_ROOT, target));
    if (!fs.existsSync(inWorktree)) continue;
    fs.symlinkSync(inWorktree, path.join(modules, '@devcircle', name));
    const own = path.join(target, 'node_modules');
    if (fs.existsSync(own) && !fs.existsSync(path.join(inWorktree, 'node_modules')))
      fs.symlinkSync(own, path.join(inWorktree, 'node_modules'));
  }
}

/**
 * Packages the older commit's lock installs at the top level that today's installed packages no longer have (a
 * dependency dropped since), fetched from the npm registry at the locked version into the worktree's own
 * `node_modules` (`npm pack`, no install scripts).
 */
function addMissingPackages(dir: string): void {
  const lock = JSON.parse(fs.readFileSync(path.join(dir, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { version?: string; link?: boolean }>;
  };
  for (const [key, entry] of Object.entries(lock.packages)) {
    const name = key.replace(/^node_modules\//, '');
    if (!key.startsWith('node_modules/') || name.includes('node_modules/') || entry.link || !entry.version)
      continue;
    const target = path.join(dir, 'node_modules', name);
    if (fs.existsSync(target)) continue;
    const packed = fs.mkdtempSync(path.join(os.tmpdir(), 'devcircle-pack-'));
    const file = execFileSync('npm', ['pack', `${name}@${entry.version}`, '--silent'], { cwd: packed })
      .toString()
      .trim();
    fs.mkdirSync(target, { recursive: true });
    execFileSync('tar', ['-xzf', path.join(packed, file), '-C', target, '--strip-components=1']);
    fs.rmSync(packed, { recursive: true, force: true });
  }
}
