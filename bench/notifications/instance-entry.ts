/**
 * One notifications instance in a process of its own, so its memory is measured apart from the gateway, the
 * clients and the database. Started by instance-process.ts with the service environment in `env` and
 * `--expose-gc`; answers `sample` and `snapshot` messages over IPC.
 *
 * `BENCH_INSTANCE_WHAT_IF` (comma-separated) measures proposed server changes without making them, on every socket
 * the registry receives once its handshake passed: `drop-request` lets go of the HTTP request that opened it
 * (`socket.conn.request = null`, socket.io's "memory usage" advice), `drop-auth` of the handshake's `auth` (the
 * token, already checked). The capacity report says when it was set.
 */
import { readdirSync } from 'node:fs';
import { writeHeapSnapshot } from 'node:v8';
import { startService } from '@devcircle/service-kit';
import { definition } from '../../services/notifications/src';
import type { InstanceMessage, InstanceSample } from './instance-process';

/** File descriptors this process has open (Linux's /proc). */
function openFiles(): number {
  try {
    return readdirSync('/proc/self/fd').length;
  } catch {
    return -1;
  }
}

/** The proposed server changes this entry can make for a measurement (see the header). */
const WHAT_IF = ['drop-request', 'drop-auth'];

const collectGarbage = (globalThis as { gc?: () => void }).gc;

async function main(): Promise<void> {
  if (!collectGarbage || !process.send) throw new Error('start me with --expose-gc and an IPC channel');
  const gc = collectGarbage;
  const service = await startService(definition, { port: 0, env: process.env });
  await service.ready;
  const { registry } = service.context;
  const whatIf = new Set((process.env.BENCH_INSTANCE_WHAT_IF ?? '').split(',').filter(Boolean));
  for (const change of whatIf)
    if (!WHAT_IF.includes(change))
      throw new Error(`BENCH_INSTANCE_WHAT_IF: unknown ${change} (${WHAT_IF.join(', ')})`);
  if (whatIf.size > 0) {
    const add = registry.add.bind(registry);
    registry.add = (socket) => {
      if (whatIf.has('drop-request')) (socket.conn as { request: unknown }).request = null;
      if (whatIf.has('drop-auth')) socket.handshake.auth = {};
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
      openFiles: openFiles(),
    };
    process.send?.(sample);
  });
  process.send({ type: 'ready', url: service.url });
}

main().catch((err: Error) => {
  console.error(err.stack ?? err.message);
  process.exit(1);
});
