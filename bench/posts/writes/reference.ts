import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The code before issue 17's write changes (the commit they were made on): the reference side of every pair. It
 * is checked out beside the repository (a git worktree sharing its node_modules, so `@devcircle/service-kit` is
 * this checkout's build), and its own database server and posts service run from there.
 */
export const REFERENCE_COMMIT = '31fada9';

export const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');

export function referenceRoot(): string {
  const dir = path.join(os.tmpdir(), `devcircle-bench-writes-${REFERENCE_COMMIT}`);
  if (!fs.existsSync(path.join(dir, 'services', 'posts', 'src', 'index.ts'))) {
    fs.rmSync(dir, { recursive: true, force: true });
    execFileSync('git', ['worktree', 'prune'], { cwd: REPO_ROOT });
    execFileSync('git', ['worktree', 'add', '--detach', dir, REFERENCE_COMMIT], {
      cwd: REPO_ROOT,
      stdio: 'ignore',
    });
    fs.symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  }
  return dir;
}
