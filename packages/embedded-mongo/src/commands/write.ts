import { ObjectId, type Document } from 'bson';
import type { Collection } from '../engine/collection';
import type { DocRecord } from '../engine/record';
import { normalizeCollation } from '../engine/index-spec';
import { runQuery } from '../engine/query';
import { MongoCommandError, toCommandError } from '../errors';
import { isPlainObject, withIdFirst, type Doc } from '../query/document';
import { compileProjection } from '../query/projection';
import { validateSortSpec } from '../query/sort';
import { applyUpdate, isReplacement, validateUpdate, type UpdateSpec } from '../query/update';
import { buildUpsertDocument } from '../query/upsert';
import {
  collectionName,
  commandVariables,
  optionalArray,
  optionalBoolean,
  optionalObject,
  type CommandHandler,
  type CommandRequest,
  type ServerContext,
} from './context';

/** Runs each statement of a write command, collecting writeErrors; an ordered write stops at the first. */
function runStatements<T>(
  req: CommandRequest,
  field: string,
  each: (statement: T, index: number) => void,
): Document {
  const statements = optionalArray(req.body, field, req.name);
  if (!statements)
    throw new MongoCommandError(
      'FailedToParse',
      `BSON field '${req.name}.${field}' is missing but a required field`,
    );
  const ordered = optionalBoolean(req.body, 'ordered', req.name) ?? true;
  const writeErrors: Document[] = [];
  for (let i = 0; i < statements.length; i++) {
    try {
      each(statements[i] as T, i);
    } catch (err) {
      // A write conflict fails the whole command (the transaction retries it), not one statement.
      if (err instanceof MongoCommandError && err.codeName === 'WriteConflict') throw err;
      writeErrors.push(toCommandError(err).toWriteError(i));
      if (ordered) break;
    }
  }
  return writeErrors.length ? { writeErrors } : {};
}

export const insert: CommandHandler = (ctx, req) => {
  const coll = collectionName(req);
  let n = 0;
  const result = runStatements<Doc>(req, 'documents', (doc) => {
    if (!isPlainObject(doc))
      throw new MongoCommandError('TypeMismatch', 'each document to insert must be an object');
    ctx.catalog.ensureCollection(req.db, coll).collection.insert(withIdFirst(doc));
    ctx.counters.insert++;
    n++;
  });
  return { n, ...result, ok: 1 };
};

interface UpdateStatement {
  q?: unknown;
  u?: unknown;
  upsert?: boolean;
  multi?: boolean;
  arrayFilters?: Doc[];
  hint?: unknown;
  collation?: unknown;
  sort?: unknown;
}

function updateSpec(u: unknown): UpdateSpec {
  if (Array.isArray(u) && u.every(isPlainObject)) return u as Doc[];
  if (isPlainObject(u)) return u;
  throw new MongoCommandError('FailedToParse', 'Update argument must be either an object or an array');
}

/**
 * The record a filter `{ _id: v }` names, straight from the `_id` index, when v is an ObjectId, a number or a date
 * (values no collation folds, and `_id` is never an array): what most single-document writes send (a post's or an
 * author's count), without planning a query and decoding the document twice. Undefined when the filter is anything
 * else or a hint or collation is given: the planner decides. Null when no document has that `_id`.
 */
function byIdOnly(
  collection: Collection | undefined,
  filter: Doc,
  statement: { hint?: unknown; collation?: unknown },
): DocRecord | null | undefined {
  if (statement.hint !== undefined || statement.collation !== undefined) return undefined;
  const keys = Object.keys(filter);
  if (keys.length !== 1 || keys[0] !== '_id') return undefined;
  const id = filter._id;
  const plain = id instanceof ObjectId || id instanceof Date || (typeof id === 'number' && !Number.isNaN(id));
  if (!plain) return undefined;
  return collection?.findById(id) ?? null;
}

/** An operator update of `$setOnInsert` alone, which changes nothing in a document that exists. */
function onInsertOnly(update: UpdateSpec): boolean {
  if (Array.isArray(update)) return false;
  const operators = Object.keys(update);
  return operators.length === 1 && operators[0] === '$setOnInsert';
}

/** Updates the documents a filter selects; upserts when none matched. */
function updateMatching(
  ctx: ServerContext,
  req: CommandRequest,
  coll: string,
  statement: UpdateStatement,
): { matched: number; modified: number; upsertedId?: unknown } {
  const filter = statement.q === undefined ? {} : statement.q;
  if (!isPlainObject(filter))
    throw new MongoCommandError('TypeMismatch', "BSON field 'q' is the wrong type, expected type 'object'");
  const update = updateSpec(statement.u);
  if (statement.multi && isReplacement(update)) {
    throw new MongoCommandError(
      'FailedToParse',
      'multi update is not supported for replacement-style update',
    );
  }
  const collection = ctx.catalog.getCollection(req.db, coll);
  const variables = commandVariables(req);
  const options = { arrayFilters: statement.arrayFilters, query: filter, variables };
  const byId = byIdOnly(collection, filter, statement);
  if (byId && onInsertOnly(update)) {
    // Only `$setOnInsert`, and the document exists: nothing to change (every like batch upserts its callers' author
    // records, nearly all there already). Checked as any update is, but not decoded, copied and compared to find so.
    ctx.counters.update++;
    validateUpdate(update);
    return { matched: 1, modified: 0 };
  }
  const docs =
    byId === undefined
      ? runQuery(collection, {
          filter,
          hint: statement.hint,
          collation: normalizeCollation(statement.collation),
          limit: statement.multi ? 0 : 1,
          variables,
        })
      : byId
        ? [byId.doc]
        : [];
  ctx.counters.update++;
  if (docs.length === 0) {
    if (!statement.upsert) {
      // Validate the update anyway, so a malformed update is an error whether or not anything matched.
      validateUpdate(update);
      return { matched: 0, modified: 0 };
    }
    const doc = buildUpsertDocument(filter, update, options);
    ctx.catalog.ensureCollection(req.db, coll).collection.insert(doc);
    return { matched: 0, modified: 0, upsertedId: doc._id };
  }
  let modified = 0;
  for (const doc of docs) {
    const target = collection as Collection;
    const record = byId ?? target.findById(doc._id);
    if (!record) continue;
    const next = applyUpdate(record.doc, update, options);
    if (!next) continue;
    target.replace(record, next, !isReplacement(update));
    modified++;
  }
  return { matched: docs.length, modified };
}

export const update: CommandHandler = (ctx, req) => {
  // The server speaks MongoDB 7.0, which has no `sort` for updates (8.0 added it): the whole command is refused.
  for (const statement of optionalArray(req.body, 'updates', 'update') ?? []) {
    if (isPlainObject(statement) && statement.sort !== undefined) {
      throw new MongoCommandError('Location40415', "BSON field 'update.updates.sort' is an unknown field.");
    }
  }
  const coll = collectionName(req);
  let n = 0;
  let nModified = 0;
  const upserted: Document[] = [];
  const result = runStatements<UpdateStatement>(req, 'updates', (statement, index) => {
    if (!isPlainObject(statement))
      throw new MongoCommandError('TypeMismatch', 'each update statement must be an object');
    const outcome = updateMatching(ctx, req, coll, statement);
    n += outcome.matched;
    nModified += outcome.modified;
    if (outcome.upsertedId !== undefined) {
      n++;
      upserted.push({ index, _id: outcome.upsertedId });
    }
  });
  return { n, nModified, ...(upserted.length ? { upserted } : {}), ...result, ok: 1 };
};

export const remove: CommandHandler = (ctx, req) => {
  const coll = collectionName(req);
  let n = 0;
  const result = runStatements<Doc>(req, 'deletes', (statement) => {
    if (!isPlainObject(statement))
      throw new MongoCommandError('TypeMismatch', 'each delete statement must be an object');
    const filter = statement.q === undefined ? {} : statement.q;
    if (!isPlainObject(filter))
      throw new MongoCommandError('TypeMismatch', "BSON field 'q' is the wrong type, expected type 'object'");
    const limit = Number(statement.limit ?? 0);
    if (limit !== 0 && limit !== 1)
      throw new MongoCommandError('FailedToParse', 'The limit field in delete objects must be 0 or 1');
    const collection = ctx.catalog.getCollection(req.db, coll);
    const docs = runQuery(collection, {
      filter,
      hint: statement.hint,
      collation: normalizeCollation(statement.collation),
      limit,
      variables: commandVariables(req),
    });
    ctx.counters.delete++;
    for (const doc of docs) {
      const record = collection?.findById(doc._id);
      if (!record || !collection) continue;
      collection.delete(record);
      n++;
    }
  });
  return { n, ...result, ok: 1 };
};

export const findAndModify: CommandHandler = (ctx, req) => {
  const coll = collectionName(req);
  const body = req.body;
  const filter = optionalObject(body, 'query', 'findAndModify') ?? {};
  const sort = optionalObject(body, 'sort', 'findAndModify');
  const remove = optionalBoolean(body, 'remove', 'findAndModify') ?? false;
  const returnNew = optionalBoolean(body, 'new', 'findAndModify') ?? false;
  const upsert = optionalBoolean(body, 'upsert', 'findAndModify') ?? false;
  const project = compileProjection(optionalObject(body, 'fields', 'findAndModify'), filter);
  if (remove && body.update !== undefined) {
    throw new MongoCommandError('FailedToParse', 'Cannot specify both an update and remove=true');
  }
  if (remove && (upsert || returnNew)) {
    throw new MongoCommandError(
      'FailedToParse',
      'Cannot specify both upsert=true and remove=true, or new=true and remove=true',
    );
  }
  if (!remove && body.update === undefined) {
    throw new MongoCommandError('FailedToParse', 'Either an update or remove=true must be specified');
  }
  const spec = remove ? undefined : updateSpec(body.update);
  const variables = commandVariables(req);
  const options = {
    arrayFilters: optionalArray(body, 'arrayFilters', 'findAndModify') as Doc[] | undefined,
    query: filter,
    variables,
  };
  const collection = ctx.catalog.getCollection(req.db, coll);
  const [found] = runQuery(collection, {
    filter,
    sort: sort ? validateSortSpec(sort) : undefined,
    limit: 1,
    hint: body.hint,
    collation: normalizeCollation(body.collation),
    variables,
  });
  const shape = (doc: Doc | undefined | null): Doc | null =>
    doc ? (project ? project([doc])[0] : doc) : null;
  let reply: Document;
  if (found && collection) {
    const record = collection.findById(found._id);
    if (!record) throw new MongoCommandError('InternalError', 'document vanished during findAndModify');
    if (remove) {
      collection.delete(record);
      ctx.counters.delete++;
      reply = { lastErrorObject: { n: 1 }, value: shape(record.doc), ok: 1 };
    } else {
      const next = applyUpdate(record.doc, spec as UpdateSpec, options);
      const stored = next
        ? collection.replace(record, next, !isReplacement(spec as UpdateSpec)).doc
        : record.doc;
      ctx.counters.update++;
      reply = {
        lastErrorObject: { n: 1, updatedExisting: true },
        value: shape(returnNew ? stored : record.doc),
        ok: 1,
      };
    }
  } else if (upsert && spec) {
    const doc = buildUpsertDocument(filter, spec, options);
    ctx.catalog.ensureCollection(req.db, coll).collection.insert(doc);
    ctx.counters.update++;
    reply = {
      lastErrorObject: { n: 1, updatedExisting: false, upserted: doc._id },
      value: returnNew ? shape(doc) : null,
      ok: 1,
    };
  } else {
    if (spec) validateUpdate(spec);
    reply = { lastErrorObject: { n: 0, updatedExisting: false }, value: null, ok: 1 };
  }
  return reply;
};
