import { ObjectId } from 'bson';
import type { Catalog } from '../engine/catalog';
import type { Collection } from '../engine/collection';
import type { Plan } from '../engine/planner';
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

/** The joined collection's pipeline for one local value: the lookup's equality, then its own pipeline. */
export type JoinedPipeline = (value: unknown) => Doc[];

/** The filter that joins a local value: the equality on `foreignField`, with the pipeline's leading `$match`. */
export function joinFilter(lookup: EqualityLookup, leadingMatch: Doc | undefined, value: unknown): Doc {
  const equality: Doc = { [lookup.foreignField]: { $eq: value } };
  return leadingMatch ? { $and: [equality, leadingMatch] } : equality;
}

/**
 * Joins every document with `lookup` by running `{$match: {foreignField: value}}` followed by its pipeline on the
 * joined collection (`join`): the match (with the pipeline's own leading `$match`, `$sort` and `$limit`) is an index
 * scan that stops early, so a bounded join costs what its bound costs, however big the joined collection. Undefined
 * when a document's local value is not a plain equality (missing, an array, …): the caller leaves the stage to
 * mingo, whose semantics for those cases are the reference.
 */
export function runEqualityLookup(
  docs: Doc[],
  lookup: EqualityLookup,
  join: JoinedPipeline,
  catalog: Catalog,
  db: string,
): Doc[] | undefined {
  if (!docs.every((doc) => joinable(doc[lookup.localField]))) return undefined;
  if (!catalog.getCollection(db, lookup.from)) return docs.map((doc) => ({ ...doc, [lookup.as]: [] }));
  return docs.map((doc) => ({ ...doc, [lookup.as]: join(doc[lookup.localField]).map(cloneDoc) }));
}

/** A joinable value's BSON type: values of one type give filters of one shape, which plan alike. */
function typeOf(value: unknown): string {
  if (typeof value !== 'object' || value === null) return typeof value;
  return (value as { _bsontype?: string })._bsontype ?? Object.prototype.toString.call(value);
}

/**
 * The plans of one `$lookup`'s joined queries in one run of its stage, by the local value's type. Every joined query
 * has the same filter but for the value, so the index the planner picks for the first value of a type is the one it
 * would pick for every other (the bounds' shape, hence every index's score, depends only on the type); the later
 * queries name it as their hint and are planned on that index alone, where each weighed every index of the joined
 * collection (a like batch's aggregate joins five pipelines per post, and a post's latest comments one per comment).
 * Not for a collection with a partial index: whether one applies compares the filter's values. A hinted index is
 * read within the value's own bounds, so even where another value would have scored another index first (a leading
 * `$match` that bounds the joined field too) the join returns the same documents, read another way.
 */
export class JoinPlans {
  private readonly hints = new Map<string, unknown>();
  private readonly cacheable: boolean;

  constructor(collection: Collection | undefined) {
    this.cacheable =
      collection !== undefined &&
      [...collection.indexes.values()].every((index) => !index.spec.partialFilterExpression);
  }

  /** The hint that gives the plan chosen before for a value of this type; undefined before it was planned. */
  hintFor(value: unknown): unknown {
    return this.cacheable ? this.hints.get(typeOf(value)) : undefined;
  }

  /** Remembers what the planner chose for this value's query (an index or a collection scan; not an OR). */
  planned(value: unknown, plan: Plan): void {
    if (!this.cacheable) return;
    if (plan.kind === 'IXSCAN') this.hints.set(typeOf(value), plan.index.name);
    else if (plan.kind === 'COLLSCAN' && plan.direction === 1) this.hints.set(typeOf(value), { $natural: 1 });
  }
}
