import { badValue } from '../errors';
import { compareValues } from './bson-order';
import { isPlainObject, pathValues, type Doc } from './document';

export type SortSpec = Array<[field: string, direction: 1 | -1]>;

export function validateSortSpec(raw: unknown): SortSpec {
  if (!isPlainObject(raw)) throw badValue('sort must be an object');
  return Object.entries(raw).map(([field, dir]) => {
    const n = typeof dir === 'number' ? dir : Number.NaN;
    if (n !== 1 && n !== -1) {
      throw badValue(`$sort key ordering must be 1 (for ascending) or -1 (for descending) (field '${field}')`);
    }
    return [field, n];
  });
}

/**
 * The value a document sorts by on one field: for arrays MongoDB uses the smallest element when ascending and
 * the largest when descending; a missing field sorts as null.
 */
function sortKey(doc: Doc, field: string, direction: 1 | -1, fold?: (v: unknown) => unknown): unknown {
  const values = pathValues(doc, field);
  let best: unknown = undefined;
  let first = true;
  for (let v of values) {
    if (v === undefined) v = null;
    if (fold) v = fold(v);
    if (first || compareValues(v, best) * direction < 0) best = v;
    first = false;
  }
  return best ?? null;
}

/** Stable sort in BSON order; `fold` normalizes strings under a collation. */
export function sortDocs<T extends Doc>(docs: T[], spec: SortSpec, fold?: (v: unknown) => unknown): T[] {
  if (spec.length === 0) return docs;
  const keyed = docs.map((doc, i) => ({ doc, i, keys: spec.map(([f, d]) => sortKey(doc, f, d, fold)) }));
  keyed.sort((a, b) => {
    for (let k = 0; k < spec.length; k++) {
      const c = compareValues(a.keys[k], b.keys[k]) * spec[k][1];
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
