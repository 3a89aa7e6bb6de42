import { compareValues } from '../query/bson-order';
import type { Doc } from '../query/document';
import type { Matcher } from '../query/filter';
import type { Interval } from './bounds';
import type { Collection } from './collection';
import { MAX_KEY, MIN_KEY, type Index, type IndexKey } from './index';
import type { DocRecord } from './record';
import type { IndexPlan, Plan } from './planner';

export interface ScanStats {
  keysExamined: number;
  docsExamined: number;
}

function inInterval(value: unknown, interval: Interval): boolean {
  const lo = compareValues(value, interval.lo);
  if (lo < 0 || (lo === 0 && !interval.loInclusive)) return false;
  const hi = compareValues(value, interval.hi);
  return hi < 0 || (hi === 0 && interval.hiInclusive);
}

/** Every combination of one interval per bounded field (an `$in` on two fields gives their product). */
function combinations(bounds: Interval[][]): Interval[][] {
  let combos: Interval[][] = [[]];
  for (const intervals of bounds) combos = combos.flatMap((combo) => intervals.map((i) => [...combo, i]));
  return combos;
}

function edgeKeys(plan: IndexPlan, combo: Interval[]): { start: IndexKey; end: IndexKey } {
  const { fields, directions } = plan.index;
  const start: IndexKey = [];
  const end: IndexKey = [];
  for (let k = 0; k < fields.length; k++) {
    const ascending = directions[k] === 1;
    const interval = combo[k];
    if (interval) {
      start.push(ascending ? interval.lo : interval.hi);
      end.push(ascending ? interval.hi : interval.lo);
    } else {
      start.push(ascending ? MIN_KEY : MAX_KEY);
      end.push(ascending ? MAX_KEY : MIN_KEY);
    }
  }
  start.push(-Infinity);
  end.push(Infinity);
  return { start, end };
}

/**
 * The index entries from `from` on (inclusive) in the scan direction, read from the live tree. A scan suspended
 * in a cursor may resume after writes; like mongod's, it then continues after the last key it returned, so it
 * sees documents inserted ahead of it and never those deleted before it got to them.
 */
function* liveEntries(index: Index, from: IndexKey, direction: 1 | -1): Generator<[IndexKey, DocRecord]> {
  const read = (key: IndexKey) =>
    direction === 1 ? index.tree.entries(key) : index.tree.entriesReversed(key);
  let entries = read(from);
  let version = index.version;
  let last: IndexKey | undefined;
  for (;;) {
    if (index.version !== version && last) {
      // The tree changed while suspended: its iterator is stale, so seek again past the last key returned.
      version = index.version;
      entries = read(last);
    }
    const step = entries.next();
    if (step.done) return;
    const [key, record] = step.value;
    if (last && index.compareKeys(key, last) === 0) continue;
    last = key;
    yield [key, record];
  }
}

function* indexScan(plan: IndexPlan, matcher: Matcher, stats: ScanStats): Generator<Doc> {
  const compare = plan.index.compareKeys;
  const ranges = combinations(plan.bounds)
    .map((combo) => ({ combo, ...edgeKeys(plan, combo) }))
    .sort((a, b) => compare(a.start, b.start));
  if (plan.direction === -1) ranges.reverse();
  const seen = plan.index.multikey || ranges.length > 1 ? new Set<number>() : undefined;
  for (const { combo, start, end } of ranges) {
    for (const [key, record] of liveEntries(plan.index, plan.direction === 1 ? start : end, plan.direction)) {
      if (plan.direction === 1 ? compare(key, end) > 0 : compare(key, start) < 0) break;
      stats.keysExamined++;
      if (!combo.every((interval, k) => inInterval(key[k], interval))) continue;
      if (seen) {
        if (seen.has(record.rid)) continue;
        seen.add(record.rid);
      }
      stats.docsExamined++;
      if (matcher(record.doc)) yield record.doc;
    }
  }
}

/** Map iteration is live: records deleted before being reached are skipped, inserted ones are reached. */
function* collectionScan(collection: Collection, matcher: Matcher, stats: ScanStats): Generator<Doc> {
  for (const record of collection.records.values()) {
    stats.docsExamined++;
    if (matcher(record.doc)) yield record.doc;
  }
}

/** The documents a plan reads that pass the full filter, lazily. */
export function scan(
  collection: Collection | undefined,
  plan: Plan,
  matcher: Matcher,
  stats: ScanStats,
): Iterable<Doc> {
  if (!collection || plan.kind === 'EOF') return [];
  if (plan.kind === 'COLLSCAN') return collectionScan(collection, matcher, stats);
  return indexScan(plan, matcher, stats);
}
