import net from 'node:net';
import { BLOCK_SIZE, BLOCKS_START, freePortBlock } from './support/port-block';

/** Holds `port` (on every address, as the parts of a production install listen) until `release`. */
async function hold(port: number): Promise<{ release(): Promise<void> }> {
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port, exclusive: true }, resolve);
  });
  return { release: () => new Promise((resolve) => server.close(() => resolve())) };
}

test('a block with one of its ports taken is passed over for the next, which is free', async () => {
  const offsets = [1, 17, 99];
  const base = await freePortBlock(offsets);
  expect(base).toBeGreaterThanOrEqual(BLOCKS_START);
  expect(base % BLOCK_SIZE).toBe(0);
  const taken = await hold(base + 17);
  try {
    const next = await freePortBlock(offsets, base);
    expect(next).not.toBe(base);
    expect(await freePortBlock(offsets, next)).toBe(next);
  } finally {
    await taken.release();
  }
  expect(await freePortBlock(offsets, base)).toBe(base);
});

test('offsets outside a block and a start outside the range are refused', async () => {
  await expect(freePortBlock([BLOCK_SIZE])).rejects.toThrow('port offsets must lie in 0–99');
  await expect(freePortBlock([1], 44_000)).rejects.toThrow('port 44000 is not in');
});
