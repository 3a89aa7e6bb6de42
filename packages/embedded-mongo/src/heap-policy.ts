import { constants, PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';
import v8 from 'node:v8';

/**
 * How far V8 lets the old generation grow past what a full collection left alive, by the heap's size
 * (docs/database.md, "Third pass"). V8 picks a growth factor of its own after each full collection, from how fast
 * it collects against how fast the program allocates: up to 4 × while the heap is small, about 1.25 × at the
 * half-gigabyte a million posts take. `--heap-growing-percent` fixes the factor instead. Fixed at 10 % it holds a
 * million posts about 100 MiB lower, but a small heap then runs a full collection every few MiB of promoted
 * garbage: like toggles on a small data set ran 5-10 times as many, mostly marking on V8's helper threads. So a
 * small heap grows by `smallGrowingPercent` (50 %) and a large one, from `tightAboveBytes` left alive by a full
 * collection, by `growingPercent` (10 %), where the memory is. Not V8's own factor while small: its rarer full
 * collections let dead buffers outside the heap (which only a full collection frees) reach V8's own trigger, 64 MiB
 * more, and the allocator kept those pages: 25-35 MiB more at a million posts, against none with 50 %. Node warns
 * that flags set after start may behave unpredictably; this one is a plain number V8 reads each time a full
 * collection sets the next limit (heap-controller.cc's GrowingFactor), so a change applies from the next full
 * collection on, which heap-policy.test checks by counting collections.
 */
export interface HeapPolicy {
  /** The fixed growth, in percent, once the heap is large; 0 turns the policy off (node's own flags then apply). */
  growingPercent: number;
  /** The growth, in percent, while the heap is small; 0 leaves it to V8's own factor. */
  smallGrowingPercent: number;
  /** The live old generation (after a full collection) from which the growth is fixed; 0 fixes it from the start. */
  tightAboveBytes: number;
}

export const DEFAULT_HEAP_POLICY: HeapPolicy = {
  growingPercent: 10,
  smallGrowingPercent: 50,
  tightAboveBytes: 256 * 1024 * 1024,
};

/**
 * Below this share of the threshold the heap goes back to the small heap's growth: a heap that hovers at the
 * threshold would otherwise switch at every collection.
 */
const LOOSEN_BELOW = 0.75;

export type HeapMode = 'free' | 'tight';

/** The mode for a heap that holds `liveBytes` after a full collection, given the mode it is in. */
export function heapMode(liveBytes: number, current: HeapMode, policy: HeapPolicy): HeapMode {
  if (policy.growingPercent === 0) return 'free';
  if (liveBytes >= policy.tightAboveBytes) return 'tight';
  return current === 'tight' && liveBytes >= policy.tightAboveBytes * LOOSEN_BELOW ? 'tight' : 'free';
}

/** The old generation's bytes in use: every space but the young generation's. */
export function oldGenerationBytes(): number {
  return v8
    .getHeapSpaceStatistics()
    .filter((space) => !space.space_name.startsWith('new_'))
    .reduce((sum, space) => sum + space.space_used_size, 0);
}

export interface RunningHeapPolicy {
  readonly mode: HeapMode;
  stop(): void;
}

function isFullCollection(entry: PerformanceEntry): boolean {
  // A 'gc' entry's detail says which collection it was (Node's typings leave detail off the base entry).
  const { detail } = entry as PerformanceEntry & { detail?: { kind?: number } };
  return detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR;
}

/**
 * Applies `policy` to this process: sets the flag now for the mode an empty heap is in, and again after each full
 * collection whose survivors move the heap to the other mode. `onChange` hears each switch (the CLI logs it).
 */
export function startHeapPolicy(
  policy: HeapPolicy,
  onChange: (mode: HeapMode, liveBytes: number) => void = () => {},
): RunningHeapPolicy {
  const apply = (next: HeapMode): void => {
    // 0 is V8's "no fixed percent": its own factor.
    v8.setFlagsFromString(
      `--heap-growing-percent=${next === 'tight' ? policy.growingPercent : policy.smallGrowingPercent}`,
    );
  };
  if (policy.growingPercent === 0) return { mode: 'free', stop: () => {} };
  const state = { mode: heapMode(oldGenerationBytes(), 'free', policy) };
  apply(state.mode);
  // Entries arrive a tick after their collection; what is in use then is what survived plus a tick's allocations.
  const observer = new PerformanceObserver((list) => {
    if (!list.getEntries().some(isFullCollection)) return;
    const live = oldGenerationBytes();
    const next = heapMode(live, state.mode, policy);
    if (next === state.mode) return;
    state.mode = next;
    apply(next);
    onChange(next, live);
  });
  observer.observe({ entryTypes: ['gc'] });
  return {
    get mode() {
      return state.mode;
    },
    stop: () => observer.disconnect(),
  };
}
