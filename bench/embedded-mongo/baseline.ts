import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The last commit whose embedded server had no oplog, sessions or transactions: the "before" of the before/after
 * pairs that price them. It is checked out beside the repository (a git worktree sharing its node_modules), so
 * both servers run on the same machine, in the same run, side by side.
 */
export const BASELINE_COMMIT = 'bad7ebf';

const REPO_ROOT = path.resolve(__dirname, '..', '..');

export function baselineEntry(): string {
  const dir = path.join(os.tmpdir(), `devcircle-bench-baseline-${BASELINE_COMMIT}`);
  const entry = path.join(dir, 'bench', 'embedded-mongo', 'bench-server.ts');
  if (!fs.existsSync(entry)) {
    fs.rmSync(dir, { recursive: true, force: true });
    execFileSync('git', ['worktree', 'prune'], { cwd: REPO_ROOT });
    execFileSync('git', ['worktree', 'add', '--detach', dir, BASELINE_COMMIT], {
      cwd: REPO_ROOT,
      stdio: 'ignore',
    });
    fs.symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  }
  return entry;
}
