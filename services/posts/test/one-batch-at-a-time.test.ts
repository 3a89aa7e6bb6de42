import { setImmediate, setTimeout } from 'node:timers';
import { OneBatchAtATime } from '../src/one-batch-at-a-time';

interface Item {
  resolve(): void;
  reject(err: unknown): void;
}

/**
 * Senders that each send again as soon as their last request is answered, the second half starting while the first
 * batch is being written: the batches the batcher makes of them.
 */
async function batchSizes(senders: number, rounds: number): Promise<number[]> {
  const sizes: number[] = [];
  let firstBatchWriting = (): void => undefined;
  const firstBatch = new Promise<void>((resolve) => (firstBatchWriting = resolve));
  const batcher = new OneBatchAtATime<Item>(async (batch) => {
    sizes.push(batch.length);
    firstBatchWriting();
    await new Promise((done) => setTimeout(done, 20));
    for (const item of batch) item.resolve();
  }, 256);
  const send = () => new Promise<void>((resolve, reject) => batcher.add({ resolve, reject }));
  const sender = async (): Promise<void> => {
    for (let round = 0; round < rounds; round++) {
      await send();
      // The answer travels back to the client, which sends its next request.
      await new Promise((next) => setImmediate(next));
    }
  };
  const half = senders / 2;
  const first = Array.from({ length: half }, sender);
  // A condition, not a delay: on a loaded machine a 10 ms timer could fire before the first batch began.
  await firstBatch;
  await Promise.all([...first, ...Array.from({ length: half }, sender)]);
  return sizes;
}

test('senders answered by a batch join those that arrived meanwhile: one group, not two taking turns', async () => {
  // Without the wait, 4 and 4 would alternate ten times.
  expect(await batchSizes(8, 5)).toEqual([4, 8, 8, 8, 8, 4]);
});

test('two senders, the second starting late, share every batch after the first', async () => {
  expect(await batchSizes(2, 3)).toEqual([1, 2, 2, 1]);
});
