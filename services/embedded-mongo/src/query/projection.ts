import { MongoCommandError } from '../errors';
import { isPlainObject, type Doc } from './document';
import { mingoOptions, Query } from './mingo';

export type Projector = (docs: Doc[]) => Doc[];

function isInclusion(value: unknown): boolean | undefined {
  if (value === 0 || value === false) return false;
  if (value === 1 || value === true) return true;
  if (typeof value === 'number') return value !== 0;
  return undefined; // an expression or a projection operator
}

/** MongoDB refuses to mix inclusion and exclusion (other than of `_id`). */
function validate(projection: Doc): void {
  let mode: boolean | undefined;
  for (const [field, value] of Object.entries(projection)) {
    const inclusion = isPlainObject(value) ? true : isInclusion(value);
    if (field === '_id' || inclusion === undefined) continue;
    if (mode === undefined) mode = inclusion;
    else if (mode !== inclusion) {
      const kind = inclusion ? 'inclusion' : 'exclusion';
      const other = mode ? 'inclusion' : 'exclusion';
      throw new MongoCommandError(
        'Location31254',
        `Cannot do ${kind} on field ${field} in ${other} projection`,
      );
    }
  }
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
  validate(projection);
  // The filter travels with the projection so that positional `field.$` projections can be resolved.
  const positional = Object.keys(projection).some((key) => key.endsWith('.$'));
  const query = new Query(positional ? filter : {}, mingoOptions());
  return (docs) => {
    try {
      return query
        .find(docs, projection)
        .all()
        .map((out, i) => orderLike(out as Doc, docs[i]));
    } catch (err) {
      throw new MongoCommandError('BadValue', err instanceof Error ? err.message : String(err));
    }
  };
}
