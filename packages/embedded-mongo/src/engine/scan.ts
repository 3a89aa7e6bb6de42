import { compareValues } from '../query/bson-order';
import type { Doc } from '../query/document';
import type { Matcher } from '../query/filter';
import type { Interval } from './bounds';
import type { Collection } from './collection';
import { MAX_KEY, MIN_KEY, type IndexKey } from './index';
import type { IndexPlan, OrPlan, Plan } from './planner';
import { decodeDocument, storedFields } from './record';
import type { StoredMatcher } from './stored-filter';

export interface ScanStats {
  keysExamined: number;
  docsExamined: number;
}

/**
 * A filter and the top-level fields it reads (filter-fields.ts): a stored document is decoded only as far as the
 * test needs, and whole only when it is handed out.
 */
export interface Filter {
  matcher: Matcher;
  fields?: ReadonlySet<string>;
  /** The same filter decided on the stored bytes where it can (stored-filter.ts); the matcher decides the rest. */
  stored?: StoredMatcher;
}

/**
 * Whether a stored document passes the filter: on its bytes when they decide it, else on its decoded fields. A
 * document the scan passes over (a skip, a non-match) is never made into an object. When the filter may read
 * anything, the whole document is decoded to test it, and handed back so that it is decoded once.
 */
function admits(filter: Filter, bson: string): boolean | Doc {
  const decided = filter.stored?.(bson);
  if (decided !== undefined) return decided;
  if (filter.fields) return filter.matcher(storedFields(bson, filter.fields));
  const doc = decodeDocument(bson);
  return filter.matcher(doc) ? doc : false;
}

/** The document a scan hands out, once `admits` let it through. */
function handedOut(admitted: true | Doc, bson: string): Doc {
  return admitted === true ? decodeDocument(bson) : admitted;
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
  const start: unknown[] = [];
  const end: unknown[] = [];
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
  return { start: plan.index.edgeKey(start, -Infinity, -1), end: plan.index.edgeKey(end, Infinity, 1) };
}

interface IndexRange {
  combo: Interval[];
  start: IndexKey;
  end: IndexKey;
}

/** The plan's ranges in the order the scan reads them. */
function planRanges(plan: IndexPlan): IndexRange[] {
  const compare = plan.index.compareKeys;
  const ranges = combinations(plan.bounds)
    .map((combo) => ({ combo, ...edgeKeys(plan, combo) }))
    .sort((a, b) => compare(a.start, b.start));
  if (plan.direction === -1) ranges.reverse();
  return ranges;
}

/** One range's current entry in a merge, and where it stands among the ranges (ties go to the earlier one). */
interface MergeHead {
  key: IndexKey;
  /** The key's values and record id. */
  values: unknown[];
  /** The index's version when the entry was read: after a write it is read again before it is handed out. */
  version: number;
  order: number;
  range: IndexRange;
}

/**
 * mongod's SORT_MERGE: every range is in sort order, so a heap of their current entries hands out the whole scan
 * in sort order, reading from each range only as far as the answer needs. An `$in` of 5,000 authors with
 * `sort({_id: -1}).limit(21)` seeks 5,000 times and reads about 21 entries more, instead of reading every post of
 * those authors and sorting them. Each step is a seek in the live tree from the head's key (no iterator per range),
 * so writes between two steps are seen as a fresh read would see them.
 */
function* mergeScan(
  collection: Collection,
  plan: IndexPlan,
  mergeOn: number[],
  filter: Filter,
  stats: ScanStats,
  skip: Skip,
): Generator<Doc> {
  const index = plan.index;
  const forward = plan.direction === 1;
  /** The range's first entry from `from` on in the scan direction (`from` itself when `inclusive`), if any. */
  // The tree fills this pair for every seek; its key is copied out before the next one.
  const scratch = [] as unknown as [IndexKey, undefined];
  let form = index.keyForm;
  const seek = (range: IndexRange, from: IndexKey, inclusive: boolean): [IndexKey, unknown[]] | undefined => {
    // The index's tree and order as they are now (an index that changed its keys' form has a new tree).
    const { tree, compareKeys: compare } = index;
    for (;;) {
      const pair = forward
        ? inclusive
          ? tree.getPairOrNextHigher(from, scratch)
          : tree.nextHigherPair(from, scratch)
        : inclusive
          ? tree.getPairOrNextLower(from, scratch)
          : tree.nextLowerPair(from, scratch);
      if (!pair) return undefined;
      const key = pair[0];
      if (forward ? compare(key, range.end) > 0 : compare(key, range.start) < 0) return undefined;
      stats.keysExamined++;
      const values = index.keyValues(key);
      if (range.combo.every((interval, k) => inInterval(values[k], interval))) return [key, values];
      from = key;
      inclusive = false;
    }
  };
  const before = (a: MergeHead, b: MergeHead): boolean => {
    for (const k of mergeOn) {
      const c = compareValues(a.values[k], b.values[k]) * index.directions[k] * plan.direction;
      if (c !== 0) return c < 0;
    }
    return a.order < b.order;
  };
  const heap: MergeHead[] = [];
  const siftDown = (at: number): void => {
    for (;;) {
      const left = 2 * at + 1;
      if (left >= heap.length) return;
      const right = left + 1;
      const child = right < heap.length && before(heap[right], heap[left]) ? right : left;
      if (!before(heap[child], heap[at])) return;
      [heap[at], heap[child]] = [heap[child], heap[at]];
      at = child;
    }
  };
  /** Moves the top head to its range's entry from its key on, or drops it at the range's end. */
  const moveTop = (inclusive: boolean): void => {
    const head = heap[0];
    const pair = seek(head.range, head.key, inclusive);
    if (pair) {
      head.key = pair[0];
      head.values = pair[1];
      head.version = index.version;
    } else {
      const tail = heap.pop() as MergeHead;
      if (heap.length > 0) heap[0] = tail;
    }
    siftDown(0);
  };
  planRanges(plan).forEach((range, order) => {
    const pair = seek(range, forward ? range.start : range.end, true);
    if (pair) heap.push({ key: pair[0], values: pair[1], version: index.version, order, range });
  });
  for (let at = (heap.length >> 1) - 1; at >= 0; at--) siftDown(at);
  const seen = new Set<number>();
  while (heap.length > 0) {
    const head = heap[0];
    if (form !== index.keyForm) {
      // The index changed its keys' form while the cursor waited: the ranges and heads are read again in it.
      form = index.keyForm;
      for (const each of heap) {
        Object.assign(each.range, edgeKeys(plan, each.range.combo));
        each.key = index.inCurrentForm(each.key);
      }
    }
    if (head.version !== index.version) {
      // Written since it was read (while the cursor waited): this entry as it is now, or the next one.
      moveTop(true);
      continue;
    }
    const rid = head.values[index.fields.length] as number;
    const bson = seen.has(rid) ? undefined : collection.storedAt(rid);
    if (bson !== undefined) {
      seen.add(rid);
      stats.docsExamined++;
      const admitted = admits(filter, bson);
      if (admitted !== false) {
        if (skip.left > 0) skip.left--;
        else yield handedOut(admitted, bson);
      }
    }
    // Moved on only after the document was taken: a cursor suspended at the yield reads on after later writes.
    moveTop(false);
  }
}

/**
 * The index entries of one range in the scan direction, read from the live tree, the first `skip` matching documents
 * counted but not handed out (a skip costs a walk of the index and a filter test, never a pass through the
 * generators). A scan suspended in a cursor may resume after writes; like mongod's, it then continues after the last
 * key it returned, so it sees documents inserted ahead of it and never those deleted before it got to them.
 */
function* indexScan(
  collection: Collection,
  plan: IndexPlan,
  filter: Filter,
  stats: ScanStats,
  skip: Skip,
  /** Records already handed out or turned down by an earlier scan of the same query (an OR's branches). */
  shared?: Set<number>,
): Generator<Doc> {
  const index = plan.index;
  const direction = plan.direction;
  const ranges = planRanges(plan);
  const rangesForm = index.keyForm;
  const seen = shared ?? (index.multikey || ranges.length > 1 ? new Set<number>() : undefined);
  // The tree reuses this pair for every entry it hands out: read it before asking for the next.
  const pair: (IndexKey | undefined)[] = [];
  const read = (key: IndexKey) =>
    direction === 1 ? index.tree.entries(key, pair) : index.tree.entriesReversed(key, pair);
  for (const range of ranges) {
    const { combo } = range;
    let { start, end } = index.keyForm === rangesForm ? range : edgeKeys(plan, combo);
    // Without bounds the range is the whole index: every key is in it, and the tree's end is the range's end.
    const bounded = combo.length > 0;
    let entries = read(direction === 1 ? start : end);
    let version = index.version;
    let form = index.keyForm;
    let last: IndexKey | undefined;
    let reseeked = false;
    let compare = index.compareKeys;
    for (;;) {
      if (index.version !== version && last) {
        // The tree changed while suspended: its iterator is stale, so seek again past the last key returned.
        version = index.version;
        if (form !== index.keyForm) {
          // …and its keys changed form: the range's edges and the last key are taken into the new form.
          form = index.keyForm;
          ({ start, end } = edgeKeys(plan, combo));
          last = index.inCurrentForm(last);
          compare = index.compareKeys;
        }
        entries = read(last);
        reseeked = true;
      }
      const step = entries.next();
      if (step.done) break;
      const key = step.value[0];
      if (reseeked) {
        // Only the first entry after seeking again can be the last one seen (keys end in the record id).
        reseeked = false;
        if (last && compare(key, last) === 0) continue;
      }
      last = key;
      if (bounded) {
        if (direction === 1 ? compare(key, end) > 0 : compare(key, start) < 0) break;
        stats.keysExamined++;
        if (combo.length > 0) {
          const values = index.keyValues(key);
          if (!combo.every((interval, k) => inInterval(values[k], interval))) continue;
        }
      } else stats.keysExamined++;
      const rid = index.ridOf(key);
      if (seen) {
        if (seen.has(rid)) continue;
        seen.add(rid);
      }
      const bson = collection.storedAt(rid);
      if (bson === undefined) continue;
      stats.docsExamined++;
      const admitted = admits(filter, bson);
      if (admitted === false) continue;
      if (skip.left > 0) skip.left--;
      else yield handedOut(admitted, bson);
    }
  }
}

/** The walk is live: records deleted before being reached are skipped, inserted ones are reached. */
function* collectionScan(
  collection: Collection,
  filter: Filter,
  stats: ScanStats,
  skip: Skip,
): Generator<Doc> {
  for (const record of collection.records()) {
    stats.docsExamined++;
    const admitted = admits(filter, record.bson);
    if (admitted === false) continue;
    if (skip.left > 0) skip.left--;
    else yield handedOut(admitted, record.bson);
  }
}

/** An OR's branches one after another; a document two branches find is tested and handed out once. */
function* orScan(
  collection: Collection,
  plan: OrPlan,
  filter: Filter,
  stats: ScanStats,
  skip: Skip,
): Generator<Doc> {
  const seen = new Set<number>();
  for (const branch of plan.branches) yield* indexScan(collection, branch, filter, stats, skip, seen);
}

/** How many matching documents a scan still passes over before handing any out. */
export interface Skip {
  left: number;
}

/**
 * The documents a plan reads that pass the full filter, lazily, less the first `skip` of them (the caller's skip
 * when the scan's order is the answer's, else 0).
 */
export function scan(
  collection: Collection | undefined,
  plan: Plan,
  filter: Filter,
  stats: ScanStats,
  skip = 0,
): Iterable<Doc> {
  if (!collection || plan.kind === 'EOF') return [];
  if (plan.kind === 'COLLSCAN') return collectionScan(collection, filter, stats, { left: skip });
  if (plan.kind === 'OR') return orScan(collection, plan, filter, stats, { left: skip });
  if (plan.mergeOn) return mergeScan(collection, plan, plan.mergeOn, filter, stats, { left: skip });
  return indexScan(collection, plan, filter, stats, { left: skip });
}
