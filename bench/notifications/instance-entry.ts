/**
 * One notifications instance in a process of its own, so its memory is measured apart from the gateway, the
 * clients and the database. Started by instance-process.ts with the service environment in `env` and
 * `--expose-gc`; answers `sample` and `snapshot` messages over IPC.
 *
 * `BENCH_INSTANCE_WHAT_IF=drop-request` measures a proposed server change without making it: every socket the
 * registry receives lets go of the HTTP request that opened it (`socket.conn.request = null`, socket.io's
 * "memory usage" advice). The capacity report says when it was set.
 */
import { writeHeapSnapshot } from 'node:v8';
import { startService } from '@devcircle/service-kit';
import { definition } from '../../services/notifications/src';
import type { InstanceMessage, InstanceSample } from './instance-process';

const collectGarbage = (globalThis as { gc?: () => void }).gc;

async function main(): Promise<void> {
  if (!collectGarbage || !process.send) throw new Error('start me with --expose-gc and an IPC channel');
  const gc = collectGarbage;
  const service = await startService(definition, { port: 0, env: process.env });
  await service.ready;
  const { registry } = service.context;
  if (process.env.BENCH_INSTANCE_WHAT_IF === 'drop-request') {
    const add = registry.add.bind(registry);
    registry.add = (socket) => {
      (socket.conn as { request: unknown }).request = null;
      add(socket);
    };
  }
  process.on('message', (message: InstanceMessage) => {
    if (message.type === 'stop') {
      void service.stop().then(() => process.exit(0));
      return;
    }
    // Twice: the first pass can leave garbage that only a second one frees (weak references, finalizers).
    gc();
    gc();
    if (message.type === 'snapshot') {
      writeHeapSnapshot(message.file);
      process.send?.({ type: 'snapshot', file: message.file });
      return;
    }
    const usage = process.memoryUsage();
    const sample: InstanceSample = {
      type: 'sample',
      rssBytes: usage.rss,
      maxRssBytes: process.resourceUsage().maxRSS * 1024,
      heapUsedBytes: usage.heapUsed,
      sockets: registry.size,
    };
    process.send?.(sample);
  });
  process.send({ type: 'ready', url: service.url });
}

main().catch((err: Error) => {
  console.error(err.stack ?? err.message);
  process.exit(1);
});
