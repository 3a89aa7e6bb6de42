import type { Document } from 'bson';
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
  type CommandHandler,
  type CommandRequest,
} from './context';

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

function runRest(catalog: Catalog, db: string, docs: Doc[], rest: Doc[]): Doc[] {
  if (rest.length === 0) return docs;
  const readOnly = rest.every((stage) => READ_ONLY_STAGES.has(Object.keys(stage)[0]));
  const resolver = (name: string): Doc[] =>
    [...(catalog.getCollection(db, name)?.records.values() ?? [])].map((record) => cloneDoc(record.doc));
  try {
    return new Aggregator(rest, mingoOptions({ collectionResolver: resolver })).run(
      readOnly ? docs : docs.map(cloneDoc),
    ) as Doc[];
  } catch (err) {
    if (err instanceof MongoCommandError) throw err;
    throw new MongoCommandError('BadValue', err instanceof Error ? err.message : String(err));
  }
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
      'the embedded server supports only collection aggregations ({ aggregate: "<collection>" })',
    );
  }
  const coll = collectionName(req);
  const pipeline = validatePipeline(optionalArray(req.body, 'pipeline', 'aggregate') ?? []);
  const { request, rest } = splitPipeline(pipeline, normalizeCollation(req.body.collation));
  request.hint = req.body.hint;
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

export const aggregate: CommandHandler = (ctx, req) => {
  const stream = changeStreamPipeline(req);
  if (stream) {
    const cursorOptions = optionalObject(req.body, 'cursor', 'aggregate');
    const batchSize = cursorOptions
      ? optionalNumber(cursorOptions, 'batchSize', 'aggregate.cursor')
      : undefined;
    return ctx.changeStreams.openStream(req.db, req.body.aggregate, stream, batchSize);
  }
  const plan = planAggregate(ctx, req);
  const ns = namespace(req, plan.coll);
  ctx.counters.command++;
  if (req.body.explain) {
    const started = Date.now();
    let n = 0;
    while (!plan.prepared.docs.next().done) n++;
    return { ...explainAggregate(plan, ns, 'queryPlanner', n, Date.now() - started), ok: 1 };
  }
  const cursorOptions = optionalObject(req.body, 'cursor', 'aggregate');
  const batchSize = cursorOptions
    ? optionalNumber(cursorOptions, 'batchSize', 'aggregate.cursor')
    : undefined;
  let docs: Iterator<Doc> = plan.prepared.docs;
  if (plan.rest.length > 0) {
    const input: Doc[] = [];
    for (let next = docs.next(); !next.done; next = docs.next()) input.push(next.value);
    docs = runRest(ctx.catalog, req.db, input, plan.rest)[Symbol.iterator]();
  }
  // Only a pipeline that is just a query streams from the collection; later stages ran to completion above.
  const refresh = plan.rest.length === 0 ? plan.prepared.refresh : undefined;
  const batch = ctx.cursors.first(ns, docs, { batchSize, refresh });
  return { cursor: { firstBatch: batch.docs, id: batch.id, ns }, ok: 1 };
};
