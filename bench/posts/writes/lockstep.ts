/**
 * Like toggles in lockstep, this checkout beside a reference commit:
 * `npx tsx bench/posts/writes/lockstep.ts [rounds, 250] [reference, a7eaac4] [members, 32]`. All members toggle the
 * same post at once, and the next post only once every answer is in, so each side's batches carry the same toggles
 * (about one per member), whatever the load does to how full they get in `npm run bench:writes`, where a slower side
 * also makes smaller batches and so pays more per toggle. Prints, per side and round (the sides alternate, and which
 * goes first), toggles per second, the CPU per toggle of the database and the service from /proc, and the messages
 * the database answered per toggle (a batch's commands and the change streams' getMores). Checks the counts
 * afterwards, as the benchmark does.
 */
import { processCpuSeconds } from '../../shared/proc';
import { REPO_ROOT } from '../../shared/worktree';
import { WritesClient } from './client';
import { checkCounts, seedWrites, type WritesSeed } from './data';
import { referenceRoot } from './reference';
import { startSide, type Side } from './side';

/** Messages the database answered so far (its serverStatus counts every one, this question too). */
async function commands(side: Side): Promise<number> {
  const status = await side.db.admin().command({ serverStatus: 1 });
  return (status.opcounters as { command: number }).command;
}

async function lockstep(side: Side, seed: WritesSeed, rounds: number, members: number): Promise<string> {
  const client = new WritesClient(side.service.url, members);
  const together = seed.members.slice(0, members);
  const messages0 = await commands(side);
  const db0 = processCpuSeconds(side.database.pid);
  const service0 = processCpuSeconds(side.service.pid);
  const t0 = performance.now();
  let ops = 0;
  for (let r = 0; r < rounds; r++) {
    const post = seed.posts[r % seed.posts.length].toHexString();
    const replies = await Promise.all(
      together.map((member) => client.send(member, 'PUT', `/api/posts/${post}/like`)),
    );
    replies.forEach((reply, i) => {
      if (reply.status !== 200)
        throw new Error(`toggle answered ${reply.status}: ${reply.body.toString('utf8')}`);
      const key = `${post} ${together[i].id}`;
      seed.toggles.set(key, (seed.toggles.get(key) ?? 0) + 1);
    });
    ops += replies.length;
  }
  const ms = performance.now() - t0;
  const db = processCpuSeconds(side.database.pid) - db0;
  const service = processCpuSeconds(side.service.pid) - service0;
  const sent = (await commands(side)) - messages0 - 1;
  client.close();
  const us = (seconds: number) => `${((seconds * 1e6) / ops).toFixed(0)} µs`;
  return (
    `${side.name.padEnd(9)} ${(ops / (ms / 1000)).toFixed(0).padStart(5)}/s  database ${us(db)}  service ` +
    `${us(service)}  both ${us(db + service)}  messages/toggle ${(sent / ops).toFixed(3)}`
  );
}

async function main(): Promise<void> {
  const rounds = Number(process.argv[2] ?? 250);
  const reference = process.argv[3] ?? 'a7eaac4';
  const members = Number(process.argv[4] ?? 32);
  const sides = [
    await startSide('current', REPO_ROOT),
    await startSide('reference', referenceRoot(reference)),
  ];
  try {
    const seeds = await Promise.all(sides.map((side) => seedWrites(side.db, { members: 32, posts: 20 })));
    // The JIT's warm-up, not measured.
    for (let i = 0; i < 2; i++) await lockstep(sides[i], seeds[i], 100, members);
    for (let round = 0; round < 3; round++) {
      const order = round % 2 === 0 ? [0, 1] : [1, 0];
      for (const i of order)
        console.log(`round ${round + 1} ${await lockstep(sides[i], seeds[i], rounds, members)}`);
    }
    for (let i = 0; i < 2; i++)
      for (const check of await checkCounts(sides[i].name, sides[i].db, seeds[i]))
        console.log(`${check.ok ? 'ok' : 'FAILED'}: ${check.check}`);
  } finally {
    for (const side of sides) await side.stop();
  }
}
main().catch((err: Error) => {
  console.error(err.stack ?? err.message);
  process.exit(1);
});
