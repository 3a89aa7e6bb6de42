import { ObjectId } from 'bson';
import type { Catalog } from '../engine/catalog';
import { cloneDoc, isPlainObject, type Doc } from '../query/document';

/** A `$lookup` that joins on an equality and may be run through the planner, one indexed query per document. */
export interface EqualityLookup {
  from: string;
  localField: string;
  foreignField: string;
  as: string;
  pipeline: Doc[];
}

/**
 * The `$lookup` stages that can use the joined collection's indexes: `from` a collection of the same database,
 * `localField`/`foreignField`, no `let`, and an optional `pipeline` (MongoDB 5.0's concise correlated form). Others
 * are left to mingo, which reads the whole joined collection for every stage.
 */
export function equalityLookup(stage: Doc): EqualityLookup | undefined {
  const spec = stage.$lookup;
  if (!isPlainObject(spec) || 'let' in spec) return undefined;
  const { from, localField, foreignField, as, pipeline = [] } = spec;
  if (typeof from !== 'string' || typeof localField !== 'string' || typeof foreignField !== 'string') return;
  if (typeof as !== 'string' || localField.includes('.') || !Array.isArray(pipeline)) return undefined;
  if (!pipeline.every((sub) => isPlainObject(sub))) return undefined;
  return { from, localField, foreignField, as, pipeline: pipeline as Doc[] };
}

/** A local value whose join is one equality: not missing, null, an array, a document or a pattern. */
function joinable(value: unknown): boolean {
  if (value === undefined || value === null || Array.isArray(value) || value instanceof RegExp) return false;
  return !isPlainObject(value) || value instanceof ObjectId;
}

/** Runs a pipeline on one collection as `aggregate` does (leading stages through the planner). */
export type RunPipeline = (coll: string, pipeline: Doc[]) => Doc[];

/**
 * Joins every document with `lookup` by running `{$match: {foreignField: value}}` followed by its pipeline on the
 * joined collection: the match (with the pipeline's own leading `$match`, `$sort` and `$limit`) is an index scan
 * that stops early, so a bounded join costs what its bound costs, however big the joined collection. Undefined when a
 * document's local value is not a plain equality (missing, an array, …): the caller leaves the stage to mingo, whose
 * semantics for those cases are the reference.
 */
export function runEqualityLookup(
  docs: Doc[],
  lookup: EqualityLookup,
  run: RunPipeline,
  catalog: Catalog,
  db: string,
): Doc[] | undefined {
  if (!docs.every((doc) => joinable(doc[lookup.localField]))) return undefined;
  if (!catalog.getCollection(db, lookup.from)) return docs.map((doc) => ({ ...doc, [lookup.as]: [] }));
  return docs.map((doc) => {
    const equality: Doc = { [lookup.foreignField]: { $eq: doc[lookup.localField] } };
    const [first, ...rest] = lookup.pipeline;
    const pipeline =
      first && isPlainObject(first.$match)
        ? [{ $match: { $and: [equality, first.$match] } }, ...rest]
        : [{ $match: equality }, ...lookup.pipeline];
    return { ...doc, [lookup.as]: run(lookup.from, pipeline).map(cloneDoc) };
  });
}
