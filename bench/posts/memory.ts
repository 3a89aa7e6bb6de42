import v8 from 'node:v8';
import vm from 'node:vm';
import type { MemorySample } from './results';

// A full collection before each sample, so "heap used" is live data rather than garbage not yet collected.
v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;

/**
 * The memory of this one process: the service, the embedded database and the benchmark client all run in it, so
 * the figure is the whole process's, not the service's alone.
 */
export function sampleMemory(state: string): MemorySample {
  collectGarbage();
  const usage = process.memoryUsage();
  return {
    state,
    rssBytes: usage.rss,
    heapUsedBytes: usage.heapUsed,
    maxRssBytes: process.resourceUsage().maxRSS * 1024,
  };
}
