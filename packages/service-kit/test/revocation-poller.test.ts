import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { RevocationList, startRevocationPoller } from '../src';
import { capturingLogger, until, WARN } from './event-helpers';

/** The address of a port that was just free: nothing listens there, so connections are refused. */
async function closedUrl(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}

test('while auth cannot be reached it reports the instance, keeps trying, and warns once', async () => {
  const instance = { url: await closedUrl() };
  const failures: { instance: { url: string }; reason: string; detail: string }[] = [];
  const { logger, messages } = capturingLogger();
  const poller = startRevocationPoller({
    source: {
      pick: () => instance,
      markFailed: (failed, reason, detail) => failures.push({ instance: failed, reason, detail }),
    },
    list: new RevocationList(),
    internalSecret: 'test-internal-secret',
    intervalMs: 10,
    timeoutMs: 2000,
    logger,
  });
  try {
    await until('three attempts', () => failures.length >= 3);
    expect(failures[0]).toEqual({ instance, reason: 'unreachable', detail: 'ECONNREFUSED' });
    expect(poller.loaded).toBe(false);
    expect(messages(WARN)).toEqual(['cannot load token revocations from auth; retrying']);
  } finally {
    poller.stop();
  }
});

test('while the source has no instance to offer, the list is not loaded and the poller keeps asking', async () => {
  let picks = 0;
  const { logger } = capturingLogger();
  const poller = startRevocationPoller({
    source: {
      pick: () => {
        picks++;
        return undefined;
      },
    },
    list: new RevocationList(),
    internalSecret: 'test-internal-secret',
    intervalMs: 10,
    timeoutMs: 2000,
    logger,
  });
  try {
    await until('several attempts', () => picks >= 3);
    expect(poller.loaded).toBe(false);
  } finally {
    poller.stop();
  }
});
