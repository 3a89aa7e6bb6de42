import { spawn } from 'node:child_process';
import path from 'node:path';
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

describe('unref', () => {
  const SLEEP = path.join(__dirname, '../src/wakeable-sleep.ts');

  /** What a child process that only sleeps prints, and its exit code: it runs until nothing holds it up. */
  function sleepInChild(ms: number, options: string): Promise<{ out: string; code: number | null }> {
    const script = `
      const { wakeableSleep } = require(${JSON.stringify(SLEEP)});
      wakeableSleep(${ms}, ${options}).done.then(() => console.log('ended'));
    `;
    // Killed (code null) if still running after 20 s, so that a sleep holding it up fails the test, not hangs it.
    const child = spawn(process.execPath, ['--import', 'tsx', '-e', script], {
      stdio: 'pipe',
      timeout: 20_000,
    });
    let out = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => (out += chunk));
    return new Promise((resolve) => child.once('close', (code) => resolve({ out, code })));
  }

  test('an unref sleep does not keep its process alive: alone, the process exits without waiting for it', async () => {
    // An hour: the child exits long before, or is killed.
    expect(await sleepInChild(3_600_000, '{ unref: true }')).toEqual({ out: '', code: 0 });
  });

  test('by default the sleep holds its process up until its time is over', async () => {
    expect(await sleepInChild(50, '{}')).toEqual({ out: 'ended\n', code: 0 });
  });

  test('with something else running, an unref sleep still ends on its own, or woken', async () => {
    const sleep = wakeableSleep(5, { unref: true });
    expect(await firstOf(sleep.done, 10_000)).toBe('sleep');
    const long = wakeableSleep(60_000, { unref: true });
    setImmediate(() => long.wake());
    expect(await firstOf(long.done, 10_000)).toBe('sleep');
  });
});
