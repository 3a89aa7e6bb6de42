import { calculateObjectSize } from 'bson';
import { MongoCommandError } from '../errors';
import { formatValue } from '../engine/key-format';
import { compareValues } from './bson-order';
import { cloneDoc, withIdFirst, type Doc } from './document';
import { orderCreatedFields } from './field-order';
import { Aggregator, mingoOptions, update as mingoUpdate } from './mingo';
import { rewriteForMingo } from './update-rewrite';
import { validateIdPaths, validateOperatorUpdate, validateTargets } from './update-validate';

export const MAX_BSON_SIZE = 16 * 1024 * 1024;

const PIPELINE_STAGES = new Set(['$addFields', '$set', '$project', '$unset', '$replaceRoot', '$replaceWith']);

export type UpdateSpec = Doc | Doc[];

export interface UpdateOptions {
  arrayFilters?: Doc[];
  /** The query that selected the document, for the positional `$` operator. */
  query?: Doc;
  /** The command's `let` variables, for `$$name` in a pipeline update. */
  variables?: Doc;
}

export function isReplacement(update: UpdateSpec): boolean {
  return !Array.isArray(update) && Object.keys(update).every((key) => !key.startsWith('$'));
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

function applyPipeline(doc: Doc, pipeline: Doc[], variables?: Doc): Doc {
  validatePipeline(pipeline);
  const options = mingoOptions(variables ? { variables } : {});
  const [out] = new Aggregator(pipeline, options).run([cloneDoc(doc)]) as Doc[];
  // A stage that replaces the root without an _id ($replaceRoot, $replaceWith) keeps the document's own, as mongod does.
  return '_id' in out ? out : { _id: doc._id, ...out };
}

function applyReplacement(doc: Doc, replacement: Doc, upsertInsert: boolean): Doc {
  if ('_id' in replacement && compareValues(replacement._id, doc._id) !== 0 && !upsertInsert) {
    throw new MongoCommandError(
      'ImmutableField',
      `After applying the update, the (immutable) field '_id' was found to have been altered to _id: ${formatValue(replacement._id)}`,
    );
  }
  const { _id: _ignored, ...rest } = replacement;
  return { _id: doc._id, ...cloneDoc(rest) };
}

/** Every field an operator update names, `$rename` targets included. */
function updatedPaths(update: Doc): string[] {
  const paths: string[] = [];
  for (const [op, fields] of Object.entries(update)) {
    for (const [path, arg] of Object.entries(fields as Doc)) {
      paths.push(path);
      if (op === '$rename' && typeof arg === 'string') paths.push(arg);
    }
  }
  return paths;
}

/** Only the positional `$` needs the query; otherwise mingo must not re-match (it knows no collation). */
function usesPositional(paths: string[]): boolean {
  return paths.some((path) => path.split('.').includes('$'));
}

/**
 * `$set` and `$inc` of top-level fields (a counter, a flag, a timestamp: most updates the services send), applied
 * directly. mingo's update builds a context holding every operator on each call, which made a `$inc` of one
 * counter cost hundreds of microseconds; what this handles it handles as mingo would. False, leaving `next`
 * untouched, for anything else.
 */
function applySimple(next: Doc, update: Doc): boolean {
  for (const [op, fields] of Object.entries(update)) {
    if (op !== '$set' && op !== '$inc') return false;
    for (const [path, arg] of Object.entries(fields as Doc)) {
      if (path.includes('.') || path.startsWith('$')) return false;
      if (op === '$inc' && (typeof arg !== 'number' || !['number', 'undefined'].includes(typeof next[path])))
        return false;
    }
  }
  for (const [op, fields] of Object.entries(update)) {
    for (const [path, arg] of Object.entries(fields as Doc)) {
      next[path] =
        op === '$inc' ? ((next[path] as number | undefined) ?? 0) + (arg as number) : cloneDoc(arg);
    }
  }
  return true;
}

function applyOperators(doc: Doc, update: Doc, options: UpdateOptions, upsertInsert: boolean): Doc {
  validateOperatorUpdate(update);
  // `$setOnInsert` of `_id` is ignored on a matched document, and allowed on an upsert's insert.
  const { $setOnInsert: _onInsertOnly, ...always } = update;
  validateIdPaths(doc, always, upsertInsert);
  const rewritten = rewriteForMingo(doc, update, upsertInsert);
  validateTargets(doc, rewritten.update);
  const next = cloneDoc(doc);
  if (rewritten.id !== undefined) next._id = rewritten.id;
  const paths = updatedPaths(rewritten.update);
  if (paths.length === 0) return next;
  if (upsertInsert && usesPositional(paths)) {
    // An upsert inserts a document built from the query, whose arrays nothing matched.
    throw new MongoCommandError(
      'BadValue',
      'The positional operator did not find the match needed from the query.',
    );
  }
  if (applySimple(next, rewritten.update)) return orderCreatedFields(doc, next, paths);
  try {
    mingoUpdate(
      next,
      rewritten.update as never,
      options.arrayFilters,
      usesPositional(paths) ? options.query : undefined,
      {
        cloneMode: 'deep',
        queryOptions: mingoOptions(),
      },
    );
  } catch (err) {
    if (err instanceof MongoCommandError) throw err;
    throw new MongoCommandError('BadValue', err instanceof Error ? err.message : String(err));
  }
  return orderCreatedFields(doc, next, paths);
}

function sameDocument(a: Doc, b: Doc): boolean {
  return compareValues(a, b) === 0 && Object.keys(a).join() === Object.keys(b).join();
}

/**
 * Applies an update to a copy of `doc` and returns the new document, or `undefined` when nothing changed.
 * `upsertInsert` marks the insert half of an upsert, where `$setOnInsert` applies and `_id` may be set.
 */
export function applyUpdate(
  doc: Doc,
  update: UpdateSpec,
  options: UpdateOptions = {},
  upsertInsert = false,
): Doc | undefined {
  let next: Doc;
  if (Array.isArray(update)) {
    next = applyPipeline(doc, update, options.variables);
    if (!upsertInsert) checkIdUnchanged(doc, next);
  } else if (isReplacement(update)) {
    next = applyReplacement(doc, update, upsertInsert);
  } else {
    next = applyOperators(doc, update, options, upsertInsert);
  }
  next = withIdFirst(next);
  checkSize(next);
  if (!upsertInsert && sameDocument(next, doc)) return undefined;
  return next;
}
