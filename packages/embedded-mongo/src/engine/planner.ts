import { badValue } from '../errors';
import { compareValues } from '../query/bson-order';
import { isPlainObject, type Doc } from '../query/document';
import type { SortSpec } from '../query/sort';
import { extractPredicates, fieldIntervals, type Interval } from './bounds';
import type { Collection } from './collection';
import type { Index } from './index';
import { collationKey, type Collation } from './index-spec';

export interface IndexPlan {
  kind: 'IXSCAN';
  index: Index;
  /** Intervals for the leading fields the filter bounds: equality fields, then at most one range. */
  bounds: Interval[][];
  /** 1 to walk the index forward, -1 backward. */
  direction: 1 | -1;
  /** True when walking the index yields documents already in the requested sort order. */
  providesSort: boolean;
  /**
   * Set when the sort comes from merging the ranges rather than walking them one after another (mongod's
   * SORT_MERGE: an `$in` on a field ahead of the sort fields gives one range per value, each in sort order): the
   * positions of the sort fields in the index, on which the merge compares keys.
   */
  mergeOn?: number[];
}

/**
 * mongod's OR stage: a filter whose top-level `$or` branches can each use an index (with the filter's other
 * conditions) reads those index ranges one after another, each document once, instead of the whole collection.
 * Never in sort order: a sort above it is a blocking one.
 */
export interface OrPlan {
  kind: 'OR';
  branches: IndexPlan[];
}

export type Plan = { kind: 'EOF' } | { kind: 'COLLSCAN'; direction: 1 | -1 } | IndexPlan | OrPlan;

export interface PlanRequest {
  filter: Doc;
  sort?: SortSpec;
  hint?: unknown;
  collation?: Collation;
}

function hasString(intervals: Interval[]): boolean {
  return intervals.some((i) => typeof i.lo === 'string' || typeof i.hi === 'string');
}

function boundsFor(
  index: Index,
  request: PlanRequest,
  predicates: ReturnType<typeof extractPredicates>,
): Interval[][] {
  const sameCollation = collationKey(index.spec.collation) === collationKey(request.collation);
  const bounds: Interval[][] = [];
  for (const field of index.fields) {
    const predicate = predicates.get(field);
    if (!predicate) break;
    let intervals = fieldIntervals(predicate, compareValues);
    if (hasString(intervals) && !sameCollation) break;
    if (index.spec.collation) {
      intervals = intervals.map((i) => ({ ...i, lo: index.normalize(i.lo), hi: index.normalize(i.hi) }));
    }
    bounds.push(intervals);
    const isRange = !predicate.points;
    if (isRange) break;
  }
  return bounds;
}

interface SortProvided {
  direction: 1 | -1;
  /** See IndexPlan.mergeOn. */
  mergeOn?: number[];
}

/**
 * Whether walking the index (after single-value equality fields) yields the sort order, and in which direction.
 * Fields ahead of the first sort field that an `$in` bounds to several values are allowed too: each value's range
 * is then in sort order, and the scan merges the ranges (`mergeOn`), as mongod explodes such a scan for a sort.
 */
function sortDirection(index: Index, sort: SortSpec, bounds: Interval[][]): SortProvided | undefined {
  const pinned = (k: number): boolean =>
    k < bounds.length && bounds[k].length === 1 && compareValues(bounds[k][0].lo, bounds[k][0].hi) === 0;
  if (index.multikey && !idAfterPins(index, sort, pinned)) return undefined;
  const points = (k: number): boolean =>
    k < bounds.length && bounds[k].every((i) => compareValues(i.lo, i.hi) === 0);
  const wanted = sort.filter(([field]) => {
    const k = index.fields.indexOf(field);
    return !(k >= 0 && pinned(k));
  });
  if (wanted.length === 0) return { direction: 1 };
  let direction: 1 | -1 | undefined;
  const sortPositions: number[] = [];
  let exploded = false;
  let j = 0;
  for (let k = 0; k < index.fields.length && j < wanted.length; k++) {
    const [field, dir] = wanted[j];
    if (index.fields[k] === field) {
      const ratio = (index.directions[k] * dir) as 1 | -1;
      if (direction !== undefined && ratio !== direction) return undefined;
      direction = ratio;
      sortPositions.push(k);
      j++;
    } else if (pinned(k)) continue;
    // Several values ahead of the sort fields: one range each, merged. Between sort fields they would interleave.
    else if (j === 0 && points(k)) exploded = true;
    else return undefined;
  }
  if (j !== wanted.length || direction === undefined) return undefined;
  return exploded ? { direction, mergeOn: sortPositions } : { direction };
}

/**
 * A multikey index still gives an `_id` sort after fields pinned to one value each: `_id` is never an array, and in
 * a pinned range a document has one key (mongod's multikey paths allow the same, e.g. `{tags: 1, _id: -1}` for
 * one tag's newest posts). Any other sort on a multikey index is left to a SORT stage.
 */
function idAfterPins(index: Index, sort: SortSpec, pinned: (k: number) => boolean): boolean {
  const k = index.fields.indexOf('_id');
  if (k < 0 || sort.length === 0 || !sort.every(([field]) => field === '_id')) return false;
  return index.fields.slice(0, k).every((_field, position) => pinned(position));
}

function partialIndexApplies(index: Index, filter: Doc): boolean {
  const expression = index.spec.partialFilterExpression;
  if (!expression) return true;
  return Object.entries(expression).every(
    ([key, value]) => key in filter && JSON.stringify(filter[key]) === JSON.stringify(value),
  );
}

function sparseIndexApplies(index: Index, bounds: Interval[][]): boolean {
  if (!index.spec.sparse) return true;
  return bounds.length > 0 && bounds[0].every((i) => i.lo !== null && i.hi !== null);
}

function resolveHint(collection: Collection, hint: unknown): Index | 'natural' | undefined {
  if (hint === undefined || hint === null) return undefined;
  if (isPlainObject(hint) && '$natural' in hint) return 'natural';
  const index =
    typeof hint === 'string'
      ? collection.indexes.get(hint)
      : isPlainObject(hint)
        ? collection.findIndexByKey(hint)
        : undefined;
  if (!index)
    throw badValue(
      'error processing query: planner returned error :: caused by :: hint provided does not correspond to an existing index',
    );
  return index;
}

/**
 * The indexes the planner has weighed for queries since the process started: what planning costs, which tests
 * count (a `$lookup`'s joined queries reuse their first plan instead of weighing every index each time).
 */
export const planning = { indexesWeighed: 0 };

/** Picks how to read a query: the index that bounds the most fields (and saves a sort), else a collection scan. */
export function planQuery(collection: Collection | undefined, request: PlanRequest): Plan {
  if (!collection) return { kind: 'EOF' };
  const predicates = extractPredicates(request.filter, compareValues);
  const sort = request.sort ?? [];
  const hinted = resolveHint(collection, request.hint);
  if (hinted === 'natural') return { kind: 'COLLSCAN', direction: 1 };
  const candidates = hinted ? [hinted] : [...collection.indexes.values()];
  let best: { plan: IndexPlan; score: number } | undefined;
  for (const index of candidates) {
    planning.indexesWeighed++;
    if (!hinted && !partialIndexApplies(index, request.filter)) continue;
    const bounds = boundsFor(index, request, predicates);
    if (!hinted && !sparseIndexApplies(index, bounds)) continue;
    const provided = sort.length > 0 ? sortDirection(index, sort, bounds) : undefined;
    const providesSort = provided !== undefined;
    if (!hinted && bounds.length === 0 && !providesSort) continue;
    const equalities = bounds.filter((b) => b.every((i) => compareValues(i.lo, i.hi) === 0)).length;
    const score =
      equalities * 8 +
      (bounds.length > equalities ? 4 : 0) +
      (providesSort ? 3 : 0) +
      (index.unique && equalities === index.fields.length ? 16 : 0) -
      index.fields.length * 0.01;
    if (!best || score > best.score) {
      const plan: IndexPlan = {
        kind: 'IXSCAN',
        index,
        bounds,
        direction: provided?.direction ?? 1,
        providesSort,
      };
      if (provided?.mergeOn) plan.mergeOn = provided.mergeOn;
      best = { plan, score };
    }
  }
  // An index walked end to end only for its order reads as much as a collection scan: an OR of bounded ranges
  // is cheaper when every branch pins a value (mongod races the two; here the bounds decide).
  if (best && (hinted || best.plan.bounds.length > 0)) return best.plan;
  const or = hinted ? undefined : orPlan(collection, request);
  if (or && (!best || or.branches.every(pinsAValue))) return or;
  return best ? best.plan : { kind: 'COLLSCAN', direction: 1 };
}

/** Whether a plan's first bounded field is held to single values (an equality or an `$in`). */
function pinsAValue(plan: IndexPlan): boolean {
  return plan.bounds[0].every((interval) => compareValues(interval.lo, interval.hi) === 0);
}

/**
 * For a filter no single index serves: its top-level `$or`, each branch planned with the rest of the filter, if
 * every branch gets an index with bounds (one branch without would make the whole a collection scan anyway).
 * Chosen where the alternative is a collection scan, or a walk of a whole index for its order when every branch
 * pins a value (a walk that streams a sort over dense matches is kept otherwise).
 */
function orPlan(collection: Collection, request: PlanRequest): OrPlan | undefined {
  const { $or: branches, ...rest } = request.filter;
  if (!Array.isArray(branches) || branches.length === 0 || !branches.every(isPlainObject)) return undefined;
  const plans: IndexPlan[] = [];
  for (const branch of branches) {
    const plan = planQuery(collection, { filter: { $and: [rest, branch] }, collation: request.collation });
    if (plan.kind !== 'IXSCAN' || plan.bounds.length === 0) return undefined;
    plans.push(plan);
  }
  return { kind: 'OR', branches: plans };
}
