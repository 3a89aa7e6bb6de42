/**
 * One notifications instance in a process of its own, so its memory is measured apart from the gateway, the
 * clients and the database. Started by instance-process.ts with the service environment in `env` and
 * `--expose-gc`; answers `sample` messages over IPC.
 */
import { startService } from '@devcircle/service-kit';
import { definition } from '../../services/notifications/src';
import type { InstanceMessage, InstanceSample } from './instance-process';

const collectGarbage = (globalThis as { gc?: () => void }).gc;

async function main(): Promise<void> {
  if (!collectGarbage || !process.send) throw new Error('start me with --expose-gc and an IPC channel');
  const service = await startService(definition, { port: 0, env: process.env });
  await service.ready;
  const { registry } = service.context;
  process.on('message', (message: InstanceMessage) => {
    if (message.type === 'stop') {
      void service.stop().then(() => process.exit(0));
      return;
    }
    // Twice: the first pass can leave garbage that only a second one frees (weak references, finalizers).
    collectGarbage();
    collectGarbage();
    const usage = process.memoryUsage();
    const sample: InstanceSample = {
      type: 'sample',
      rssBytes: usage.rss,
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
