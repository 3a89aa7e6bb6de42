import { prepareWorktree } from '../../shared/worktree';

/**
 * The code before issue 17's write changes (the commit they were made on): the reference side of every pair. It
 * is checked out beside the repository and built (bench/shared/worktree.ts: its own workspace packages, so its
 * posts service, started from its source by tsx, runs that checkout's service-kit), and its own database server
 * and posts service run from there.
 */
export const REFERENCE_COMMIT = '31fada9';

export const referenceRoot = (commit = REFERENCE_COMMIT): string => prepareWorktree(commit);
