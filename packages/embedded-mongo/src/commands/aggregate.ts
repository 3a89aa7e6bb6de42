import { compileInclusion, type Inclusion } from '../changes/inclusion';
import { Long, type Document } from 'bson';
import type { Catalog } from '../engine/catalog';
import { explainQuery } from '../engine/explain';
import { normalizeCollation } from '../engine/index-spec';
import { prepareQuery, type PreparedQuery, type QueryRequest } from '../engine/query';
import { MongoCommandError } from '../errors';
import { cloneDoc, isPlainObject, type Doc } from '../query/document';
import { Aggregator, mingoOptions } from '../query/mingo';
import { validateSortSpec } from '../query/sort';
import { validatePipeline } from './pipeline';
import {
  collectionName,
  namespace,
  optionalArray,
  optionalNumber,
  optionalObject,
  evaluateVariables,
  type CommandHandler,
  type CommandRequest,
  type ServerContext,
} from './context';
import { outputStage, writeOutput } from './aggregate-output';
import {
  equalityLookup,
  joinFilter,
  JoinPlans,
  runEqualityLookup,
  type EqualityLookup,
  type JoinedPipeline,
} from './lookup';

/**
 * The leading `$match`, `$sort`, `$skip`, `$limit` stages become one query, so they use indexes and stop early;
 * the remaining stages run in mingo.
 */
function splitPipeline(
  pipeline: Doc[],
  collation: QueryRequest['collation'],
): { request: QueryRequest; rest: Doc[] } {
  const request: QueryRequest = { filter: {}, collation };
  let i = 0;
  if (i < pipeline.length && '$match' in pipeline[i]) {
    request.filter = pipeline[i].$match as Doc;
    i++;
  }
  if (i < pipeline.length && '$sort' in pipeline[i]) request.sort = validateSortSpec(pipeline[i++].$sort);
  if (i < pipeline.length && '$skip' in pipeline[i]) {
    request.skip = pipeline[i].$skip as number;
    i++;
  }
  if (i < pipeline.length && '$limit' in pipeline[i]) {
    request.limit = pipeline[i].$limit as number;
    i++;
  }
  return { request, rest: pipeline.slice(i) };
}

/**
 * Stages that never write into the documents they read. Others ($addFields with a dotted path, $lookup, $unwind,
 * …) may change nested objects in place, so stored documents are copied before such a pipeline sees them.
 */
const READ_ONLY_STAGES = new Set([
  '$match',
  '$sort',
  '$skip',
  '$limit',
  '$group',
  '$count',
  '$sortByCount',
  '$project',
  '$sample',
  '$bucket',
  '$bucketAuto',
]);

/** Stages made ready to run over documents, once per run of a pipeline (a joined pipeline's: once per join). */
type Stages = (docs: Doc[]) => Doc[];

/** Stages run in mingo, over documents copied first unless every stage only reads them. */
function mingoStages(catalog: Catalog, db: string, stages: Doc[], variables?: Doc): Stages {
  if (stages.length === 0) return (docs) => docs;
  // `$project`s that only name fields to keep (a joined pipeline's `{ _id: 0, userId: 1 }`, run once per document
  // joined to) as plain functions, as change streams run them: an aggregator made per call cost more than the join.
  const inclusions = stages.map(compileInclusion);
  if (inclusions.every((inclusion) => inclusion !== undefined))
    return (docs) =>
      docs.map((doc) => inclusions.reduce((kept, include) => (include as Inclusion)(kept), doc));
  const readOnly = stages.every((stage) => READ_ONLY_STAGES.has(Object.keys(stage)[0]));
  const resolver = (name: string): Doc[] =>
    [...(catalog.getCollection(db, name)?.records() ?? [])].map((record) => record.doc);
  return (docs) => {
    try {
      return new Aggregator(
        stages,
        mingoOptions({ collectionResolver: resolver, ...(variables ? { variables } : {}) }),
      ).run(readOnly ? docs : docs.map(cloneDoc)) as Doc[];
    } catch (err) {
      if (err instanceof MongoCommandError) throw err;
      throw new MongoCommandError('BadValue', err instanceof Error ? err.message : String(err));
    }
  };
}

/**
 * A `$lookup`'s joined pipeline, made ready on its first value and then run for each: validated and split once, its
 * later stages compiled once (their own `$lookup`s included, so a nested join keeps its plans across all the outer
 * join's values), and its query planned once per type of value (`JoinPlans`). Each value's query is the leading
 * stages through the planner, then the rest, as `aggregate` runs a pipeline.
 */
function joinedPipeline(
  catalog: Catalog,
  db: string,
  lookup: EqualityLookup,
  variables: Doc | undefined,
  collation: QueryRequest['collation'],
): JoinedPipeline {
  const collection = catalog.getCollection(db, lookup.from);
  const plans = new JoinPlans(collection);
  let made: { leadingMatch?: Doc; request: QueryRequest; rest: Stages } | undefined;
  const make = (): NonNullable<typeof made> => {
    const [first] = lookup.pipeline;
    const leadingMatch = first && isPlainObject(first.$match) ? first.$match : undefined;
    const stages = leadingMatch ? lookup.pipeline.slice(1) : lookup.pipeline;
    // The value's `$match` stands first; its filter is set per value.
    const { request, rest } = splitPipeline(validatePipeline([{ $match: {} }, ...stages]), collation);
    return { leadingMatch, request, rest: compileStages(catalog, db, rest, variables, collation) };
  };
  return (value) => {
    made ??= make();
    const hint = plans.hintFor(value);
    const prepared = prepareQuery(collection, {
      ...made.request,
      filter: joinFilter(lookup, made.leadingMatch, value),
      variables,
      ...(hint === undefined ? {} : { hint }),
    });
    if (hint === undefined) plans.planned(value, prepared.plan);
    const docs: Doc[] = [];
    for (let next = prepared.docs.next(); !next.done; next = prepared.docs.next()) docs.push(next.value);
    return made.rest(docs);
  };
}

/**
 * The stages after the planner's. A `$lookup` on an equality (see lookup.ts) runs as one indexed query per
 * document; every other stage runs in mingo.
 */
function compileStages(
  catalog: Catalog,
  db: string,
  rest: Doc[],
  variables?: Doc,
  collation?: QueryRequest['collation'],
): Stages {
  const at = rest.findIndex((stage) => equalityLookup(stage) !== undefined);
  if (at < 0) return mingoStages(catalog, db, rest, variables);
  const before = mingoStages(catalog, db, rest.slice(0, at), variables);
  const lookup = equalityLookup(rest[at]) as EqualityLookup;
  const join = joinedPipeline(catalog, db, lookup, variables, collation);
  const inMingo = mingoStages(catalog, db, [rest[at]], variables);
  const after = compileStages(catalog, db, rest.slice(at + 1), variables, collation);
  return (docs) => {
    const input = before(docs);
    return after(runEqualityLookup(input, lookup, join, catalog, db) ?? inMingo(input));
  };
}

/** The stages after the planner's, run over `docs`. */
function runRest(
  catalog: Catalog,
  db: string,
  docs: Doc[],
  rest: Doc[],
  variables?: Doc,
  collation?: QueryRequest['collation'],
): Doc[] {
  return compileStages(catalog, db, rest, variables, collation)(docs);
}

/**
 * A `$group` that only counts (`{_id: <constant>, n: {$sum: 1}}`, the driver's `countDocuments`) as the only stage
 * after the planner's: its fields, so the planned scan's documents are counted as they pass, never gathered for mingo.
 */
function countingGroup(rest: Doc[]): { id: unknown; fields: string[] } | undefined {
  if (rest.length !== 1 || !isPlainObject(rest[0].$group)) return undefined;
  const { _id: id, ...fields } = rest[0].$group;
  const constant = typeof id === 'number' || id === null || (typeof id === 'string' && !id.startsWith('$'));
  if (!constant) return undefined;
  const counts = Object.entries(fields).every(
    ([name, accumulator]) =>
      !name.startsWith('$') &&
      !name.includes('.') &&
      isPlainObject(accumulator) &&
      Object.keys(accumulator).length === 1 &&
      accumulator.$sum === 1,
  );
  return counts ? { id, fields: Object.keys(fields) } : undefined;
}

function countOf(docs: Iterator<Doc>, group: { id: unknown; fields: string[] }): Doc[] {
  let n = 0;
  while (!docs.next().done) n++;
  // Like $group, no input gives no document.
  return n === 0 ? [] : [{ _id: group.id, ...Object.fromEntries(group.fields.map((name) => [name, n])) }];
}

export interface AggregatePlan {
  prepared: PreparedQuery;
  rest: Doc[];
  coll: string;
}

export function planAggregate(ctx: Parameters<CommandHandler>[0], req: CommandRequest): AggregatePlan {
  if (typeof req.body.aggregate !== 'string') {
    throw new MongoCommandError(
      'CommandNotSupported',
      'aggregate needs a collection name, or 1 with $documents or $listLocalSessions first',
    );
  }
  const coll = collectionName(req);
  const pipeline = validatePipeline(withoutOutput(req));
  const { request, rest } = splitPipeline(pipeline, normalizeCollation(req.body.collation));
  request.hint = req.body.hint;
  request.variables = evaluateVariables(optionalObject(req.body, 'let', 'aggregate'));
  const prepared = prepareQuery(ctx.catalog.getCollection(req.db, coll), request);
  return { prepared, rest, coll };
}

export function explainAggregate(
  plan: AggregatePlan,
  ns: string,
  verbosity: string,
  docs: number,
  millis: number,
): Document {
  const cursorExplain = explainQuery(plan.prepared, ns, docs, millis, verbosity);
  if (plan.rest.length === 0) return cursorExplain;
  return { explainVersion: '1', stages: [{ $cursor: cursorExplain }, ...plan.rest] };
}

function changeStreamPipeline(req: CommandRequest): Doc[] | undefined {
  const pipeline = req.body.pipeline;
  if (!Array.isArray(pipeline) || pipeline.length === 0) return undefined;
  const first = pipeline[0] as unknown;
  return isPlainObject(first) && '$changeStream' in first ? (pipeline as Doc[]) : undefined;
}

/** The pipeline less a final `$out` or `$merge` (which `finish` carries out). */
function withoutOutput(req: CommandRequest): Doc[] {
  const pipeline = (optionalArray(req.body, 'pipeline', 'aggregate') ?? []) as Doc[];
  return outputStage(pipeline) ? pipeline.slice(0, -1) : pipeline;
}

function requestedBatchSize(req: CommandRequest): number | undefined {
  const cursorOptions = optionalObject(req.body, 'cursor', 'aggregate');
  return cursorOptions ? optionalNumber(cursorOptions, 'batchSize', 'aggregate.cursor') : undefined;
}

/** Returns the results as a cursor, or writes them where a final `$out` or `$merge` says and returns none. */
function finish(
  ctx: ServerContext,
  req: CommandRequest,
  ns: string,
  docs: Iterator<Doc>,
  refresh?: (doc: Doc) => Doc | undefined,
): Document {
  const output = outputStage((req.body.pipeline ?? []) as Doc[]);
  if (output) {
    if (req.body.autocommit !== undefined) {
      throw new MongoCommandError(
        'OperationNotSupportedInTransaction',
        `${Object.keys(output)[0]} cannot be used in a transaction`,
      );
    }
    const all: Doc[] = [];
    for (let next = docs.next(); !next.done; next = docs.next()) all.push(next.value);
    writeOutput(ctx, req.db, output, all, req.body.readConcern);
    return { cursor: { firstBatch: [], id: Long.ZERO, ns }, ok: 1 };
  }
  const batch = ctx.cursors.first(ns, docs, { batchSize: requestedBatchSize(req), refresh });
  return { cursor: { firstBatch: batch.docs, id: batch.id, ns }, ok: 1 };
}

/** `aggregate: 1`: a pipeline that starts from documents of its own ($documents) or the server's sessions. */
function databaseAggregate(ctx: ServerContext, req: CommandRequest): Document {
  const pipeline = withoutOutput(req);
  const first = pipeline[0] ?? {};
  let source: Doc[];
  if (Array.isArray(first.$documents)) source = first.$documents.filter(isPlainObject);
  else if ('$listLocalSessions' in first) source = ctx.sessions.list();
  else {
    throw new MongoCommandError(
      'InvalidNamespace',
      "{aggregate: 1} is not valid for '$match'; a collection is required.".replace(
        '$match',
        Object.keys(first)[0] ?? '',
      ),
    );
  }
  const rest = validatePipeline(pipeline.slice(1));
  const variables = evaluateVariables(optionalObject(req.body, 'let', 'aggregate'));
  const docs = runRest(ctx.catalog, req.db, source, rest, variables);
  return finish(ctx, req, `${req.db}.$cmd.aggregate`, docs[Symbol.iterator]());
}

export const aggregate: CommandHandler = (ctx, req) => {
  const stream = changeStreamPipeline(req);
  if (stream) {
    return ctx.changeStreams.openStream(req.db, req.body.aggregate, stream, requestedBatchSize(req));
  }
  if (req.body.aggregate === 1) return databaseAggregate(ctx, req);
  const plan = planAggregate(ctx, req);
  const ns = namespace(req, plan.coll);
  ctx.counters.command++;
  if (req.body.explain) {
    const started = Date.now();
    let n = 0;
    while (!plan.prepared.docs.next().done) n++;
    return { ...explainAggregate(plan, ns, 'queryPlanner', n, Date.now() - started), ok: 1 };
  }
  let docs: Iterator<Doc> = plan.prepared.docs;
  const counting = countingGroup(plan.rest);
  if (counting) docs = countOf(docs, counting)[Symbol.iterator]();
  else if (plan.rest.length > 0) {
    const input: Doc[] = [];
    for (let next = docs.next(); !next.done; next = docs.next()) input.push(next.value);
    docs = runRest(
      ctx.catalog,
      req.db,
      input,
      plan.rest,
      plan.prepared.request.variables,
      plan.prepared.request.collation,
    )[Symbol.iterator]();
  }
  // Only a pipeline that is just a query streams from the collection; later stages ran to completion above.
  const refresh = plan.rest.length === 0 ? plan.prepared.refresh : undefined;
  return finish(ctx, req, ns, docs, refresh);
};
