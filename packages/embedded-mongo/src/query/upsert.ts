import { MongoCommandError } from '../errors';
import { compareValues } from './bson-order';
import { cloneDoc, isPlainObject, setPath, withIdFirst, type Doc } from './document';
import { applyUpdate, isReplacement, type UpdateOptions, type UpdateSpec } from './update';

/** The equality fields of a query become the starting document of an upsert, as in MongoDB. */
export function seedFromQuery(query: Doc): Doc {
  const seed: Doc = {};
  const visit = (filter: Doc): void => {
    for (const [key, value] of Object.entries(filter)) {
      if (key === '$and' && Array.isArray(value)) {
        for (const clause of value) if (isPlainObject(clause)) visit(clause);
        continue;
      }
      if (key.startsWith('$')) continue;
      if (value instanceof RegExp) continue;
      if (isPlainObject(value)) {
        const ops = Object.keys(value);
        if (ops.length > 0 && ops.every((op) => op.startsWith('$'))) {
          if ('$eq' in value) setPath(seed, key, cloneDoc(value.$eq));
          else if (Array.isArray(value.$in) && value.$in.length === 1)
            setPath(seed, key, cloneDoc(value.$in[0]));
          continue;
        }
      }
      setPath(seed, key, cloneDoc(value));
    }
  };
  visit(query);
  return seed;
}

/** The document an upsert inserts when nothing matched. */
export function buildUpsertDocument(query: Doc, update: UpdateSpec, options: UpdateOptions): Doc {
  const seed = seedFromQuery(query);
  if (!Array.isArray(update) && isReplacement(update)) {
    const id = '_id' in update ? update._id : seed._id;
    return withIdFirst(id === undefined ? cloneDoc(update) : { ...cloneDoc(update), _id: id });
  }
  const base = withIdFirst(seed);
  const result = applyUpdate(base, update, options, true) ?? base;
  if (seed._id !== undefined && compareValues(result._id, seed._id) !== 0) {
    throw new MongoCommandError(
      'ImmutableField',
      `Performing an update on the path '_id' would modify the immutable field '_id'`,
    );
  }
  return withIdFirst(result);
}
