/**
 * A child process for heap-policy.test (run with `--expose-gc` under tsx): `switches <thresholdMiB>` reports the
 * policy's mode on an empty heap, with 48 MiB kept alive, and after letting them go; `collections <thresholdMiB>`
 * keeps 48 MiB alive and counts the full collections a run of short-lived garbage causes (objects that survive a
 * few scavenges, are promoted, then die: what a write's buffers and documents do in the database). Prints JSON.
 */
import { constants, PerformanceObserver } from 'node:perf_hooks';
import { DEFAULT_HEAP_POLICY, startHeapPolicy, type HeapMode } from '../../src/heap-policy';

const MiB = 1024 * 1024;
const KEPT_MIB = 48;

const collect = (global as { gc?: () => void }).gc;
if (!collect) throw new Error('run with --expose-gc');

/** Arrays of 126 small integers (1 KiB each with their headers), `mib` MiB of them, reachable from the one returned. */
function keep(mib: number): number[][] {
  return Array.from({ length: mib * 1024 }, (_, i) => new Array<number>(126).fill(i));
}

/** A full collection, then until the policy has seen it (its observer hears of it a tick or so later). */
async function fullCollection(policy: { mode: HeapMode }, expected: HeapMode): Promise<HeapMode> {
  collect?.();
  for (let wait = 0; wait < 100 && policy.mode !== expected; wait++)
    await new Promise((resolve) => setTimeout(resolve, 10));
  return policy.mode;
}

async function switches(thresholdMiB: number): Promise<unknown> {
  const heard: HeapMode[] = [];
  const policy = startHeapPolicy({ ...DEFAULT_HEAP_POLICY, tightAboveBytes: thresholdMiB * MiB }, (mode) =>
    heard.push(mode),
  );
  const empty = policy.mode;
  const kept = keep(KEPT_MIB);
  const full = await fullCollection(policy, 'tight');
  const stillKept = kept.length;
  kept.length = 0; // lets the kept arrays go
  const emptied = await fullCollection(policy, 'free');
  policy.stop();
  return { empty, full, emptied, heard, stillKept };
}

async function collections(thresholdMiB: number): Promise<unknown> {
  // Small heaps at V8's own factor: the farthest from 10 % (with the default 50 % the counts were 59-60 against 27-30).
  const policy = startHeapPolicy({
    growingPercent: 10,
    smallGrowingPercent: 0,
    tightAboveBytes: thresholdMiB * MiB,
  });
  const kept = keep(KEPT_MIB);
  await fullCollection(policy, thresholdMiB <= KEPT_MIB ? 'tight' : 'free');
  let full = 0;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if ((entry as { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR)
        full++;
  });
  observer.observe({ entryTypes: ['gc'] });
  let young: { n: number; s: string }[] = [];
  for (let step = 0; step < 800; step++) {
    for (let i = 0; i < 20_000; i++) young.push({ n: i, s: `y${i}` });
    if (young.length > 200_000) young = [];
    // A turn of the event loop between steps, as between a server's requests (the observer's entries arrive).
    await new Promise((resolve) => setImmediate(resolve));
  }
  await new Promise((resolve) => setTimeout(resolve, 20));
  observer.disconnect();
  policy.stop();
  return { mode: policy.mode, full, kept: kept.length };
}

const [what, threshold] = process.argv.slice(2);
(what === 'switches' ? switches : collections)(Number(threshold)).then(
  (result) => process.stdout.write(`${JSON.stringify(result)}\n`),
  (err: Error) => {
    process.stderr.write(`${err.stack}\n`);
    process.exit(1);
  },
);
