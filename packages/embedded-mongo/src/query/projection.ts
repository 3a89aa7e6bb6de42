import { MongoCommandError } from '../errors';
import { cloneDoc, isPlainObject, type Doc } from './document';
import { mingoOptions, Query } from './mingo';
import { applySlice, isSliceOperator, parseSlice, type SliceSpec } from './projection-slice';

export type Projector = (docs: Doc[]) => Doc[];

/** Whether a projection value includes its field: true, false, or undefined for `$slice` (which does neither). */
function isInclusion(value: unknown): boolean | undefined {
  if (isSliceOperator(value)) return undefined;
  if (isPlainObject(value)) return true; // $elemMatch, or an expression computing the field
  if (value === false) return false;
  if (typeof value === 'number') return value !== 0;
  return true;
}

/**
 * MongoDB refuses to mix inclusion and exclusion (other than of `_id`). Returns whether the projection is an
 * inclusion projection.
 */
function projectionMode(projection: Doc): boolean {
  let mode: boolean | undefined;
  for (const [field, value] of Object.entries(projection)) {
    const inclusion = isInclusion(value);
    if (field === '_id' || inclusion === undefined) continue;
    if (mode === undefined) mode = inclusion;
    else if (mode !== inclusion) {
      const other = mode ? 'inclusion' : 'exclusion';
      if (inclusion) {
        throw new MongoCommandError(
          'Location31253',
          `Cannot do inclusion on field ${field} in ${other} projection`,
        );
      }
      throw new MongoCommandError(
        'Location31254',
        `Cannot do exclusion on field ${field} in ${other} projection`,
      );
    }
  }
  return mode === true;
}

/** Orders keys as the source document has them, which is how mongod returns projected fields. */
function orderLike(projected: Doc, source: Doc): Doc {
  const out: Doc = {};
  for (const key of Object.keys(source)) {
    if (!(key in projected)) continue;
    const value = projected[key];
    out[key] =
      isPlainObject(value) && isPlainObject(source[key]) ? orderLike(value, source[key] as Doc) : value;
  }
  for (const key of Object.keys(projected)) if (!(key in out)) out[key] = projected[key];
  return out;
}

export function compileProjection(projection: unknown, filter: Doc = {}): Projector | undefined {
  if (projection === undefined || projection === null) return undefined;
  if (!isPlainObject(projection)) throw new MongoCommandError('BadValue', 'projection must be an object');
  if (Object.keys(projection).length === 0) return undefined;
  const inclusion = projectionMode(projection);
  // Outside an inclusion projection, `$slice` keeps every other field: mingo runs without it (see projection-slice).
  const slices: Array<[string, SliceSpec]> = [];
  const forMingo: Doc = {};
  for (const [field, value] of Object.entries(projection)) {
    if (!inclusion && isSliceOperator(value)) slices.push([field, parseSlice(value.$slice)]);
    else forMingo[field] = value;
  }
  // The filter travels with the projection so that positional `field.$` projections can be resolved.
  const positional = Object.keys(projection).some((key) => key.endsWith('.$'));
  const query = new Query(positional ? filter : {}, mingoOptions());
  const useMingo = Object.keys(forMingo).length > 0;
  return (docs) => {
    try {
      // mingo edits embedded documents in place when excluding nested fields: never hand it stored documents.
      const projected = useMingo ? (query.find(docs.map(cloneDoc), forMingo).all() as Doc[]) : docs;
      return projected.map((out, i) => {
        const sliced = slices.reduce((doc, [path, spec]) => applySlice(doc, path, spec), out);
        return orderLike(sliced, docs[i]);
      });
    } catch (err) {
      if (err instanceof MongoCommandError) throw err;
      throw new MongoCommandError('BadValue', err instanceof Error ? err.message : String(err));
    }
  };
}
