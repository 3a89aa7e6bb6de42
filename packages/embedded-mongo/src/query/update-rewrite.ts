import { Timestamp } from 'bson';
import { badValue } from '../errors';
import { valuesEqual } from './bson-order';
import { getPath, isPlainObject, type Doc } from './document';
import { isPositionalPath } from './update-validate';

/**
 * Rewrites a validated operator update into one that mingo applies the way MongoDB does:
 * - `$setOnInsert` joins `$set` on the insert half of an upsert and is dropped otherwise;
 * - `$currentDate` becomes `$set` of the current date or timestamp (mingo stores a timestamp as a number);
 * - `$addToSet` becomes `$push` of the values not yet present, compared as BSON (mingo ignores field order of
 *   embedded documents, and keeps duplicates within `$each` when the field is missing);
 * - `_id`, which mingo refuses to touch at all, is taken out of `$set` and returned as `id` (the caller has
 *   already checked that it is unchanged, or that this is an upsert's insert).
 */
export function rewriteForMingo(doc: Doc, update: Doc, upsertInsert: boolean): { update: Doc; id?: unknown } {
  const { $setOnInsert, $currentDate, ...rest } = update;
  const out: Doc = { ...rest };
  const set: Doc = { ...(rest.$set as Doc | undefined) };
  if (upsertInsert && isPlainObject($setOnInsert)) Object.assign(set, $setOnInsert);
  if (isPlainObject($currentDate)) Object.assign(set, currentDates($currentDate));
  let id: unknown;
  if ('_id' in set) {
    id = set._id;
    delete set._id;
  }
  if (Object.keys(set).length > 0) out.$set = set;
  else delete out.$set;
  if (isPlainObject(out.$addToSet)) rewriteAddToSet(doc, out, out.$addToSet);
  return { update: out, id: upsertInsert ? id : undefined };
}

let timestampIncrement = 0;

/** A timestamp as mongod generates it: seconds, and an increment that orders timestamps within a second. */
function currentTimestamp(): Timestamp {
  timestampIncrement = (timestampIncrement + 1) % 0x7fffffff;
  return new Timestamp({ t: Math.floor(Date.now() / 1000), i: timestampIncrement });
}

function currentDates(spec: Doc): Doc {
  const out: Doc = {};
  for (const [path, arg] of Object.entries(spec)) {
    const type = typeof arg === 'boolean' ? 'date' : isPlainObject(arg) ? arg.$type : undefined;
    if (type === 'date') out[path] = new Date();
    else if (type === 'timestamp') out[path] = currentTimestamp();
    else {
      throw badValue(
        "The '$type' string field is required to be 'date' or 'timestamp': {$currentDate: {field : {$type: 'date'}}}",
      );
    }
  }
  return out;
}

function distinctValues(values: unknown[]): unknown[] {
  const out: unknown[] = [];
  for (const v of values) if (!out.some((u) => valuesEqual(u, v))) out.push(v);
  return out;
}

function rewriteAddToSet(doc: Doc, update: Doc, addToSet: Doc): void {
  const kept: Doc = {};
  const push: Doc = { ...(update.$push as Doc | undefined) };
  for (const [path, arg] of Object.entries(addToSet)) {
    const each = isPlainObject(arg) && Array.isArray(arg.$each);
    const values = distinctValues(each ? (arg.$each as unknown[]) : [arg]);
    if (isPositionalPath(path)) {
      // Which array a positional path reaches depends on the element; mingo resolves it.
      kept[path] = each ? { ...arg, $each: values } : arg;
      continue;
    }
    const current = getPath(doc, path);
    const present = Array.isArray(current) ? current : [];
    push[path] = { $each: values.filter((v) => !present.some((p) => valuesEqual(p, v))) };
  }
  if (Object.keys(kept).length > 0) update.$addToSet = kept;
  else delete update.$addToSet;
  if (Object.keys(push).length > 0) update.$push = push;
}
