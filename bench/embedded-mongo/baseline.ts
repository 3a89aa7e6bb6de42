import path from 'node:path';
import { prepareWorktree } from '../shared/worktree';

/**
 * The last commit whose embedded server had no oplog, sessions or transactions: the "before" of the before/after
 * pairs that price them. It is checked out beside the repository (bench/shared/worktree.ts), so both servers run
 * on the same machine, in the same run, side by side.
 */
export const BASELINE_COMMIT = 'bad7ebf';

export const baselineEntry = (): string =>
  path.join(prepareWorktree(BASELINE_COMMIT, { build: false }), 'bench', 'embedded-mongo', 'bench-server.ts');
