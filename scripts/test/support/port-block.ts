import net from 'node:net';

/**
 * Where fixed-port blocks may lie: below Linux's ephemeral range (32768–60999), from which every other test's
 * `listen(0)` and every outgoing connection take theirs. A port probed free inside that range could be taken by one
 * of those before the process meant for it binds it (44004 once was, on a fresh CI machine).
 */
export const BLOCKS_START = 23_000;
export const BLOCKS_END = 32_700;
export const BLOCK_SIZE = 100;

/** Whether nothing listens on `port` on any address (a listener without a host takes IPv6 and IPv4 alike). */
function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen({ port, exclusive: true }, () => probe.close(() => resolve(true)));
  });
}

/** One at a time: a block is passed over at its first taken port. */
async function allFree(base: number, offsets: readonly number[]): Promise<boolean> {
  for (const offset of offsets) if (!(await isFree(base + offset))) return false;
  return true;
}

const BLOCKS = Math.floor((BLOCKS_END - BLOCKS_START) / BLOCK_SIZE);

/** A block picked by the process id: two runs side by side usually start apart. */
const blockOfThisProcess = (): number => BLOCKS_START + (process.pid % BLOCKS) * BLOCK_SIZE;

/**
 * The base of the first block of `BLOCK_SIZE` ports, from the one holding port `from` on (wrapping round), in which
 * every port at `offsets` is free now. Two runs on one machine each start at their own block and pass over a block
 * the other one holds.
 */
export async function freePortBlock(
  offsets: readonly number[],
  from = blockOfThisProcess(),
): Promise<number> {
  if (offsets.some((offset) => offset < 0 || offset >= BLOCK_SIZE))
    throw new Error(`port offsets must lie in 0–${BLOCK_SIZE - 1}: ${offsets.join(', ')}`);
  if (!(from >= BLOCKS_START && from < BLOCKS_START + BLOCKS * BLOCK_SIZE))
    throw new Error(`port ${from} is not in ${BLOCKS_START}–${BLOCKS_START + BLOCKS * BLOCK_SIZE - 1}`);
  const first = Math.floor((from - BLOCKS_START) / BLOCK_SIZE);
  for (let tried = 0; tried < BLOCKS; tried++) {
    const base = BLOCKS_START + ((first + tried) % BLOCKS) * BLOCK_SIZE;
    if (await allFree(base, offsets)) return base;
  }
  throw new Error(
    `no block of ${BLOCK_SIZE} ports in ${BLOCKS_START}–${BLOCKS_END} has ${offsets.join(', ')} free`,
  );
}
