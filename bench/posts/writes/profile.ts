/**
 * This checkout's side alone, for profiling: `npx tsx bench/posts/writes/profile.ts <profile dir> [seconds]` starts
 * its database and posts service with `--cpu-prof` (a folder per process under the given one), runs like toggles
 * then post creates as `npm run bench:writes` does, prints each run's rate and CPU per operation, checks the
 * counts, and stops both processes cleanly so that they write their profiles.
 */
import path from 'node:path';
import { processCpuSeconds } from '../../shared/proc';
import { REPO_ROOT } from '../../shared/worktree';
import { checkCounts, seedWrites } from './data';
import { runCreates, runToggles, type WriteRun } from './scenarios';
import { startSide, type Side } from './side';

/** Messages the database answered so far (its serverStatus counts every one, this question too). */
async function commands(side: Side): Promise<number> {
  const status = await side.db.admin().command({ serverStatus: 1 });
  return (status.opcounters as { command: number }).command;
}

async function timed(side: Side, run: () => Promise<WriteRun>): Promise<void> {
  const commands0 = await commands(side);
  const db0 = processCpuSeconds(side.database.pid);
  const service0 = processCpuSeconds(side.service.pid);
  const client0 = processCpuSeconds(process.pid);
  const result = await run();
  const sent = (await commands(side)) - commands0 - 1;
  const perOp = (seconds: number) => `${((seconds * 1e6) / Math.max(1, result.load.ops)).toFixed(0)} µs`;
  console.log(
    `${result.what}: ${result.load.ops} in ${result.load.seconds.toFixed(1)} s = ${result.load.opsPerSecond.toFixed(0)}/s, ` +
      `p50 ${result.load.latencyMs.p50.toFixed(1)} ms, failed ${result.failed} ${result.firstFailure ?? ''}; ` +
      `CPU/op database ${perOp(processCpuSeconds(side.database.pid) - db0)}, service ${perOp(processCpuSeconds(side.service.pid) - service0)}, ` +
      `client ${perOp(processCpuSeconds(process.pid) - client0)}; ` +
      `${(sent / Math.max(1, result.load.ops)).toFixed(2)} database commands/op`,
  );
}

async function main(): Promise<void> {
  const [dir, secondsArg] = process.argv.slice(2);
  if (!dir) throw new Error('usage: profile.ts <profile dir> [seconds]');
  const seconds = Number(secondsArg ?? 10);
  const side = await startSide('current', REPO_ROOT, path.resolve(dir));
  try {
    const seed = await seedWrites(side.db, { members: 32, posts: 100 });
    await timed(side, () => runToggles(side.service.url, seed, seconds));
    await timed(side, () => runCreates(side.service.url, seed, seconds));
    for (const check of await checkCounts('current', side.db, seed))
      console.log(`${check.ok ? 'ok' : 'FAILED'}: ${check.check} (${check.detail})`);
  } finally {
    await side.stop();
  }
}

main().catch((err: Error) => {
  console.error(err.stack ?? err.message);
  process.exit(1);
});
