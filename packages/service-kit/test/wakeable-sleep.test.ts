import { wakeableSleep } from '../src/wakeable-sleep';

/** Which of the two settles first: the sleep, or a plain timer of `ms`. */
async function firstOf(sleep: Promise<void>, ms: number): Promise<'sleep' | 'timer'> {
  let timer: NodeJS.Timeout | undefined;
  const other = new Promise<'timer'>((resolve) => {
    timer = setTimeout(() => resolve('timer'), ms);
  });
  const winner = await Promise.race([sleep.then(() => 'sleep' as const), other]);
  clearTimeout(timer);
  return winner;
}

test('ends on its own once its time is up', async () => {
  const sleep = wakeableSleep(5);
  expect(await firstOf(sleep.done, 10_000)).toBe('sleep');
});

test('woken, it ends at once, long before its time', async () => {
  const sleep = wakeableSleep(60_000);
  setImmediate(() => sleep.wake());
  expect(await firstOf(sleep.done, 10_000)).toBe('sleep');
});

test('not woken, it does not end before its time', async () => {
  const sleep = wakeableSleep(60_000);
  expect(await firstOf(sleep.done, 20)).toBe('timer');
  sleep.wake();
  await sleep.done;
});

test('waking it again, or after its time, is harmless', async () => {
  const sleep = wakeableSleep(1);
  await sleep.done;
  sleep.wake();
  sleep.wake();
  await expect(sleep.done).resolves.toBeUndefined();
});
