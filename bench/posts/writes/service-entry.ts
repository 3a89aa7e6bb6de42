/**
 * The posts service in a process of its own, loaded from the source tree named by `BENCH_POSTS_ROOT` (this
 * checkout, or the reference's `git worktree`), so both sides of a pair run their own service code. Started by
 * service-process.ts with the service environment; answers `stop` over IPC.
 */
import path from 'node:path';
import { startService, type ServiceDefinition } from '@devcircle/service-kit';

async function main(): Promise<void> {
  const root = process.env.BENCH_POSTS_ROOT;
  if (!root || !process.send) throw new Error('start me with BENCH_POSTS_ROOT and an IPC channel');
  const module = (await import(path.join(root, 'services', 'posts', 'src', 'index.ts'))) as {
    definition: ServiceDefinition;
  };
  const service = await startService(module.definition, { port: 0, env: process.env });
  await service.ready;
  process.on('message', (message: { type: string }) => {
    if (message.type === 'stop') void service.stop().then(() => process.exit(0));
  });
  process.send({ type: 'ready', url: service.url });
}

main().catch((err: Error) => {
  console.error(err.stack ?? err.message);
  process.exit(1);
});
