import type { Document } from 'bson';
import { normalizeCollation } from '../engine/index-spec';
import { prepareQuery, runQuery, type QueryRequest } from '../engine/query';
import { MongoCommandError } from '../errors';
import { compareValues } from '../query/bson-order';
import { pathValues, type Doc } from '../query/document';
import { validateSortSpec } from '../query/sort';
import {
  collectionName,
  namespace,
  optionalBoolean,
  optionalNumber,
  optionalObject,
  evaluateVariables,
  type CommandHandler,
  type CommandRequest,
} from './context';

const UNSUPPORTED_FIND_OPTIONS = [
  'tailable',
  'awaitData',
  'min',
  'max',
  'returnKey',
  'showRecordId',
  'oplogReplay',
];

/** Reads a find command into a query request; shared by `find` and `explain`. */
export function parseFind(body: Doc): QueryRequest & { batchSize?: number; singleBatch?: boolean } {
  for (const option of UNSUPPORTED_FIND_OPTIONS) {
    if (body[option])
      throw new MongoCommandError(
        'CommandNotSupported',
        `find option '${option}' is not supported by the embedded server`,
      );
  }
  const sort = optionalObject(body, 'sort', 'find');
  const rawLimit = body.limit;
  // Legacy negative limits mean "one batch of that many".
  const negative = typeof rawLimit === 'number' && rawLimit < 0;
  const limit = negative ? -rawLimit : optionalNumber(body, 'limit', 'find');
  return {
    filter: optionalObject(body, 'filter', 'find') ?? {},
    sort: sort ? validateSortSpec(sort) : undefined,
    projection: optionalObject(body, 'projection', 'find'),
    skip: optionalNumber(body, 'skip', 'find'),
    limit,
    hint: body.hint,
    collation: normalizeCollation(body.collation),
    batchSize: optionalNumber(body, 'batchSize', 'find'),
    variables: evaluateVariables(optionalObject(body, 'let', 'find')),
    singleBatch: negative || optionalBoolean(body, 'singleBatch', 'find'),
  };
}

export const find: CommandHandler = (ctx, req) => {
  const coll = collectionName(req);
  const request = parseFind(req.body);
  const prepared = prepareQuery(ctx.catalog.getCollection(req.db, coll), request);
  ctx.counters.query++;
  const ns = namespace(req, coll);
  const batch = ctx.cursors.first(ns, prepared.docs, {
    batchSize: request.batchSize,
    singleBatch: request.singleBatch,
    project: prepared.project,
    refresh: prepared.refresh,
  });
  return { cursor: { firstBatch: batch.docs, id: batch.id, ns }, ok: 1 };
};

export const getMore: CommandHandler = (ctx, req) => {
  const id = Number(req.body.getMore);
  if (ctx.changeStreams.has(id)) {
    const coll = req.body.collection;
    ctx.counters.getmore++;
    return ctx.changeStreams.more(
      id,
      namespace(req, typeof coll === 'string' ? coll : ''),
      optionalNumber(req.body, 'batchSize', 'getMore'),
      optionalNumber(req.body, 'maxTimeMS', 'getMore'),
    );
  }
  const coll = req.body.collection;
  if (typeof coll !== 'string')
    throw new MongoCommandError(
      'TypeMismatch',
      "BSON field 'getMore.collection' is missing but a required field",
    );
  const ns = namespace(req, coll);
  ctx.counters.getmore++;
  const batch = ctx.cursors.more(id, ns, optionalNumber(req.body, 'batchSize', 'getMore'));
  return { cursor: { nextBatch: batch.docs, id: batch.id, ns }, ok: 1 };
};

export const killCursors: CommandHandler = (ctx, req) => {
  const ids = Array.isArray(req.body.cursors) ? req.body.cursors.map(Number) : [];
  const killed: number[] = [];
  const notFound: number[] = [];
  for (const id of ids) (ctx.cursors.kill(id) || ctx.changeStreams.kill(id) ? killed : notFound).push(id);
  return { cursorsKilled: killed, cursorsNotFound: notFound, cursorsAlive: [], cursorsUnknown: [], ok: 1 };
};

export function parseCount(req: CommandRequest): QueryRequest {
  return {
    filter: optionalObject(req.body, 'query', 'count') ?? {},
    skip: optionalNumber(req.body, 'skip', 'count'),
    limit: Math.abs(Number(req.body.limit ?? 0)) || undefined,
    hint: req.body.hint,
    collation: normalizeCollation(req.body.collation),
  };
}

export const count: CommandHandler = (ctx, req) => {
  const collection = ctx.catalog.getCollection(req.db, collectionName(req));
  const request = parseCount(req);
  ctx.counters.query++;
  if (!collection) return { n: 0, ok: 1 };
  if (Object.keys(request.filter).length === 0 && !request.skip && !request.limit)
    return { n: collection.size, ok: 1 };
  const prepared = prepareQuery(collection, request);
  let n = 0;
  while (!prepared.docs.next().done) n++;
  return { n, ok: 1 };
};

export const distinct: CommandHandler = (ctx, req) => {
  const key = req.body.key;
  if (typeof key !== 'string' || key.length === 0) {
    throw new MongoCommandError('TypeMismatch', "BSON field 'distinct.key' is missing but a required field");
  }
  const collation = normalizeCollation(req.body.collation);
  const docs = runQuery(ctx.catalog.getCollection(req.db, collectionName(req)), {
    filter: optionalObject(req.body, 'query', 'distinct') ?? {},
    hint: req.body.hint,
    collation,
  });
  ctx.counters.query++;
  // Under a case-insensitive collation, 'Bob' and 'bob' are one value (the first one met is returned).
  const fold = (v: unknown): unknown => (collation && typeof v === 'string' ? v.toLowerCase() : v);
  const compare = (a: unknown, b: unknown): number => compareValues(fold(a), fold(b));
  const values = docs.flatMap((doc) => pathValues(doc, key)).filter((v) => v !== undefined);
  const sorted = values.map((v, i) => ({ v, i })).sort((a, b) => compare(a.v, b.v) || a.i - b.i);
  const unique = sorted.filter((e, i) => i === 0 || compare(e.v, sorted[i - 1].v) !== 0).map((e) => e.v);
  return { values: unique, ok: 1 } satisfies Document;
};
