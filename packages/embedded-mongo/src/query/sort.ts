import { badValue, MongoCommandError } from '../errors';
import { compareValues, typeRank, TypeRank } from './bson-order';
import { isPlainObject, pathValues, type Doc } from './document';

export type SortSpec = Array<[field: string, direction: 1 | -1]>;

export function validateSortSpec(raw: unknown): SortSpec {
  if (!isPlainObject(raw)) throw badValue('sort must be an object');
  return Object.entries(raw).map(([field, dir]): [string, 1 | -1] => {
    if (typeof dir !== 'number') {
      throw new MongoCommandError(
        'Location15974',
        "$sort key ordering must be specified using a number or {$meta: 'textScore'}",
      );
    }
    const n = Math.trunc(dir);
    if (n !== 1 && n !== -1) {
      throw new MongoCommandError(
        'Location15975',
        '$sort key ordering must be 1 (for ascending) or -1 (for descending)',
      );
    }
    return [field, n];
  });
}

/**
 * The sort key of an empty array. MongoDB sorts it as BSON `undefined`: after MinKey, before null and missing
 * fields (https://www.mongodb.com/docs/manual/reference/bson-type-comparison-order/#arrays).
 */
const EMPTY_ARRAY = Symbol('empty array');

function compareSortKeys(a: unknown, b: unknown): number {
  if (a !== EMPTY_ARRAY && b !== EMPTY_ARRAY) return compareValues(a, b);
  if (a === b) return 0;
  const other = a === EMPTY_ARRAY ? b : a;
  const emptyFirst = typeRank(other) === TypeRank.MinKey ? 1 : -1;
  return a === EMPTY_ARRAY ? emptyFirst : -emptyFirst;
}

/**
 * The value a document sorts by on one field: for arrays MongoDB uses the smallest element when ascending and
 * the largest when descending; a missing field sorts as null.
 */
function sortKey(doc: Doc, field: string, direction: 1 | -1, fold?: (v: unknown) => unknown): unknown {
  let best: unknown = undefined;
  let first = true;
  for (const reached of pathValues(doc, field, false)) {
    const values = Array.isArray(reached) ? (reached.length === 0 ? [EMPTY_ARRAY] : reached) : [reached];
    for (let v of values) {
      if (v === undefined) v = null;
      if (fold) v = fold(v);
      if (first || compareSortKeys(v, best) * direction < 0) best = v;
      first = false;
    }
  }
  return best ?? null;
}

/** Stable sort in BSON order; `fold` normalizes strings under a collation. */
export function sortDocs<T extends Doc>(docs: T[], spec: SortSpec, fold?: (v: unknown) => unknown): T[] {
  if (spec.length === 0) return docs;
  const keyed = docs.map((doc, i) => ({ doc, i, keys: spec.map(([f, d]) => sortKey(doc, f, d, fold)) }));
  keyed.sort((a, b) => {
    for (let k = 0; k < spec.length; k++) {
      const c = compareSortKeys(a.keys[k], b.keys[k]) * spec[k][1];
      if (c !== 0) return c;
    }
    return a.i - b.i;
  });
  return keyed.map((entry) => entry.doc);
}

export function sortSpecToDoc(spec: SortSpec): Doc {
  return Object.fromEntries(spec);
}

export function isSortSpecObject(raw: unknown): raw is Doc {
  return isPlainObject(raw) && Object.keys(raw).length > 0;
}
