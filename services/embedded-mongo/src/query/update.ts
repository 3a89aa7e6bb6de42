import { calculateObjectSize, ObjectId } from 'bson';
import { badValue, MongoCommandError } from '../errors';
import { compareValues, valuesEqual } from './bson-order';
import { cloneDoc, getPath, isPlainObject, setPath, withIdFirst, type Doc } from './document';
import { Aggregator, mingoOptions, update as mingoUpdate } from './mingo';

export const MAX_BSON_SIZE = 16 * 1024 * 1024;

const OPERATORS = new Set([
  '$set',
  '$unset',
  '$inc',
  '$mul',
  '$min',
  '$max',
  '$rename',
  '$push',
  '$addToSet',
  '$pull',
  '$pullAll',
  '$pop',
  '$currentDate',
  '$bit',
  '$setOnInsert',
]);
const NUMERIC_OPERATORS = new Set(['$inc', '$mul']);
const ARRAY_OPERATORS = new Set(['$push', '$addToSet', '$pull', '$pullAll', '$pop']);
const PIPELINE_STAGES = new Set(['$addFields', '$set', '$project', '$unset', '$replaceRoot', '$replaceWith']);

export type UpdateSpec = Doc | Doc[];

export interface UpdateOptions {
  arrayFilters?: Doc[];
  /** The query that selected the document, for the positional `$` operator. */
  query?: Doc;
}

export function isReplacement(update: UpdateSpec): boolean {
  return !Array.isArray(update) && Object.keys(update).every((key) => !key.startsWith('$'));
}

function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (value instanceof Date) return 'date';
  if (value instanceof ObjectId) return 'objectId';
  if (typeof value === 'object') return 'object';
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'double';
  if (typeof value === 'boolean') return 'bool';
  return typeof value;
}

function idText(doc: Doc): string {
  const id = doc._id;
  return id instanceof ObjectId ? `ObjectId('${id.toHexString()}')` : JSON.stringify(id);
}

/** Checks an operator update's shape before touching anything: operators, targets, conflicts, `_id`. */
export function validateOperatorUpdate(update: Doc): void {
  const paths: string[] = [];
  for (const [op, fields] of Object.entries(update)) {
    if (!OPERATORS.has(op)) {
      throw new MongoCommandError(
        'FailedToParse',
        `Unknown modifier: ${op}. Expected a valid update modifier or pipeline-style update specified as an array`,
      );
    }
    if (!isPlainObject(fields)) {
      throw new MongoCommandError(
        'FailedToParse',
        `Modifiers operate on fields but we found type ${typeName(fields)} instead. For example: {$mod: {<field>: ...}} not {${op}: ${JSON.stringify(fields)}}`,
      );
    }
    for (const [path, arg] of Object.entries(fields)) {
      if (path === '' || path.split('.').some((part) => part === '')) {
        throw new MongoCommandError(
          'BadValue',
          `The update path '${path}' contains an empty field name, which is not allowed.`,
        );
      }
      if (NUMERIC_OPERATORS.has(op) && typeof arg !== 'number') {
        const verb = op === '$inc' ? 'increment' : 'multiply';
        throw new MongoCommandError(
          'TypeMismatch',
          `Cannot ${verb} with non-numeric argument: {${path}: ${JSON.stringify(arg)}}`,
        );
      }
      paths.push(path);
      if (op === '$rename') {
        if (typeof arg !== 'string')
          throw badValue(`The 'to' field for $rename must be a string: ${path}: ${JSON.stringify(arg)}`);
        paths.push(arg);
      }
    }
  }
  const normalized = paths.map((p) => p.replace(/\.\$(\[[^\]]*\])?/g, ''));
  for (let i = 0; i < normalized.length; i++) {
    for (let j = i + 1; j < normalized.length; j++) {
      const [a, b] = [normalized[i], normalized[j]];
      if (a === b || a.startsWith(`${b}.`) || b.startsWith(`${a}.`)) {
        const shorter = a.length <= b.length ? a : b;
        throw new MongoCommandError(
          'ConflictingUpdateOperators',
          `Updating the path '${paths[j]}' would create a conflict at '${shorter}'`,
        );
      }
    }
  }
}

/** What mingo would silently skip, MongoDB reports: arithmetic on non-numbers, array operators on non-arrays. */
function validateTargets(doc: Doc, update: Doc): void {
  for (const [op, fields] of Object.entries(update)) {
    for (const path of Object.keys(fields as Doc)) {
      if (path.includes('$')) continue;
      const current = getPath(doc, path);
      if (current === undefined) continue;
      if (NUMERIC_OPERATORS.has(op) && typeof current !== 'number') {
        throw new MongoCommandError(
          'TypeMismatch',
          `Cannot apply ${op} to a value of non-numeric type. {_id: ${idText(doc)}} has the field '${path.split('.').pop()}' of non-numeric type ${typeName(current)}`,
        );
      }
      if (ARRAY_OPERATORS.has(op) && !Array.isArray(current)) {
        throw new MongoCommandError(
          'BadValue',
          `The field '${path}' must be an array but is of type ${typeName(current)} in document {_id: ${idText(doc)}}`,
        );
      }
    }
  }
}

/** mingo keeps duplicates of `$addToSet: { $each }` when the field is missing; MongoDB does not. */
function dedupeAddToSet(update: Doc): Doc {
  const add = update.$addToSet;
  if (!isPlainObject(add)) return update;
  const fixed: Doc = {};
  for (const [path, arg] of Object.entries(add)) {
    if (isPlainObject(arg) && Array.isArray(arg.$each)) {
      const unique: unknown[] = [];
      for (const v of arg.$each) if (!unique.some((u) => valuesEqual(u, v))) unique.push(v);
      fixed[path] = { ...arg, $each: unique };
    } else fixed[path] = arg;
  }
  return { ...update, $addToSet: fixed };
}

function checkSize(doc: Doc): void {
  const size = calculateObjectSize(doc);
  if (size > MAX_BSON_SIZE) {
    throw new MongoCommandError(
      'BSONObjectTooLarge',
      `Resulting document after update is larger than ${MAX_BSON_SIZE}`,
    );
  }
}

function checkIdUnchanged(before: Doc, after: Doc): void {
  if (!('_id' in after) || compareValues(before._id, after._id) !== 0) {
    throw new MongoCommandError(
      'ImmutableField',
      `Performing an update on the path '_id' would modify the immutable field '_id'`,
    );
  }
}

function validatePipeline(pipeline: Doc[]): void {
  for (const stage of pipeline) {
    const name = Object.keys(stage)[0];
    if (!PIPELINE_STAGES.has(name)) {
      throw new MongoCommandError('Location40324', `Unrecognized pipeline stage name: '${name}'`);
    }
  }
}

/** Checks an update's form without a document, so a bad update fails even when nothing matches. */
export function validateUpdate(update: UpdateSpec): void {
  if (Array.isArray(update)) validatePipeline(update);
  else if (!isReplacement(update)) validateOperatorUpdate(update);
}

function applyPipeline(doc: Doc, pipeline: Doc[]): Doc {
  validatePipeline(pipeline);
  const [out] = new Aggregator(pipeline, mingoOptions()).run([cloneDoc(doc)]) as Doc[];
  return out;
}

/**
 * Applies an update to a copy of `doc` and returns the new document, or `undefined` when nothing changed.
 * `upsertInsert` marks the insert half of an upsert, where `$setOnInsert` applies.
 */
export function applyUpdate(
  doc: Doc,
  update: UpdateSpec,
  options: UpdateOptions = {},
  upsertInsert = false,
): Doc | undefined {
  let next: Doc;
  if (Array.isArray(update)) {
    next = applyPipeline(doc, update);
    if (!upsertInsert) checkIdUnchanged(doc, next);
    next = withIdFirst(next);
  } else if (isReplacement(update)) {
    if ('_id' in update && compareValues(update._id, doc._id) !== 0 && !upsertInsert) {
      throw new MongoCommandError(
        'ImmutableField',
        `After applying the update, the (immutable) field '_id' was found to have been altered to _id: ${JSON.stringify(update._id)}`,
      );
    }
    const { _id: _ignored, ...rest } = update;
    next = { _id: doc._id, ...cloneDoc(rest) };
  } else {
    validateOperatorUpdate(update);
    const { $setOnInsert, ...operators } = update;
    const effective: Doc = { ...operators };
    if (upsertInsert && isPlainObject($setOnInsert))
      effective.$set = { ...(effective.$set as Doc), ...$setOnInsert };
    for (const path of Object.keys({
      ...(effective.$set as Doc),
      ...(effective.$unset as Doc),
      ...(effective.$inc as Doc),
      ...(effective.$rename as Doc),
    })) {
      if (path === '_id' || path.startsWith('_id.')) {
        const value = (effective.$set as Doc | undefined)?.[path];
        if (!upsertInsert && !(path === '_id' && value !== undefined && valuesEqual(value, doc._id))) {
          throw new MongoCommandError(
            'ImmutableField',
            `Performing an update on the path '_id' would modify the immutable field '_id'`,
          );
        }
      }
    }
    validateTargets(doc, effective);
    next = cloneDoc(doc);
    try {
      const changed = mingoUpdate(
        next,
        dedupeAddToSet(effective) as never,
        options.arrayFilters,
        options.query,
        {
          cloneMode: 'deep',
          queryOptions: mingoOptions(),
        },
      );
      if (changed.length === 0 && !upsertInsert) return undefined;
    } catch (err) {
      if (err instanceof MongoCommandError) throw err;
      throw new MongoCommandError('BadValue', err instanceof Error ? err.message : String(err));
    }
    next = withIdFirst(next);
  }
  checkSize(next);
  if (!upsertInsert && compareValues(next, doc) === 0 && Object.keys(next).join() === Object.keys(doc).join())
    return undefined;
  return next;
}

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
