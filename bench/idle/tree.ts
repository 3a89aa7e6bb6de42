/**
 * The last commit whose event consumers polled their logs (every 250 ms with a 30 s look-back), whose
 * notifications fan-out polled every 100 ms and whose verifiers polled auth's revocations every second: the
 * "before" of the idle comparison (checked out with bench/shared/worktree.ts).
 */
export const POLLING_COMMIT = '5275c0c';
