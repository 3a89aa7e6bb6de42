/**
 * Entity operations: each maps one unified-format operation onto the Node driver's API and returns what the
 * format calls the result (model objects turned into documents, iterables fully iterated) so that
 * expectResult and saveResultAsEntity see plain values.
 */
import {
  ChangeStream,
  ClientSession,
  Collection,
  Db,
  FindCursor,
  MongoBulkWriteError,
  type Document,
  type MongoClient,
} from 'mongodb';
import { ClientEntity, type EntityMap } from './entities';
import { commonOptions } from './options';
import { SESSION_OPERATIONS, TEST_RUNNER_OPERATIONS } from './session-ops';

/** What an operation needs: the entity map, its own arguments and a way to run nested operations. */
export interface OperationContext {
  entities: EntityMap;
  /** The target entity (`operation.object`); undefined for testRunner operations. */
  target: unknown;
  args: Document;
  /** Runs operations nested in withTransaction's callback, with their own assertions. */
  runNested(ops: Document[]): Promise<void>;
}

export type Operation = (ctx: OperationContext) => Promise<unknown>;

/** Operations whose result is an array of root-level documents (extra fields allowed in each element). */
export const ROOT_ARRAY_RESULTS = new Set([
  'find',
  'aggregate',
  'listCollections',
  'listDatabases',
  'listIndexes',
]);

/** BulkWriteResult keeps its counts behind getters; the format wants a document. */
export function bulkResultDocument(r: Document): Document {
  return {
    insertedCount: r.insertedCount,
    matchedCount: r.matchedCount,
    modifiedCount: r.modifiedCount,
    deletedCount: r.deletedCount,
    upsertedCount: r.upsertedCount,
    upsertedIds: { ...r.upsertedIds },
    insertedIds: { ...r.insertedIds },
  };
}

function as<T>(target: unknown, type: abstract new (...args: never[]) => T, label: string): T {
  if (!(target instanceof type)) throw new Error(`operation target is not a ${label}`);
  return target;
}
const coll = (ctx: OperationContext) => as(ctx.target, Collection, 'collection');
const db = (ctx: OperationContext) => as(ctx.target, Db, 'database');
const client = (ctx: OperationContext) => as(ctx.target, ClientEntity, 'client').client;

/** The format's returnDocument is "Before"/"After"; the driver takes lower case. */
function findAndModifyOptions(opts: Document): Document {
  return opts.returnDocument ? { ...opts, returnDocument: String(opts.returnDocument).toLowerCase() } : opts;
}

const COLLECTION_OPERATIONS: Record<string, Operation> = {
  aggregate: async (ctx) => {
    const { pipeline, ...opts } = ctx.args;
    const target = ctx.target instanceof Db ? db(ctx) : coll(ctx);
    return target.aggregate(pipeline, opts).toArray();
  },
  bulkWrite: async (ctx) => {
    const { requests, ...opts } = ctx.args;
    try {
      return bulkResultDocument(await coll(ctx).bulkWrite(requests, opts));
    } catch (error) {
      if (error instanceof MongoBulkWriteError && error.result)
        Object.assign(error, { partial: bulkResultDocument(error.result) });
      throw error;
    }
  },
  countDocuments: async (ctx) => {
    const { filter, ...opts } = ctx.args;
    return coll(ctx).countDocuments(filter, opts);
  },
  estimatedDocumentCount: async (ctx) => coll(ctx).estimatedDocumentCount(ctx.args),
  count: async (ctx) => {
    const { filter, ...opts } = ctx.args;
    return coll(ctx).count(filter, opts);
  },
  deleteMany: async (ctx) => {
    const { filter, ...opts } = ctx.args;
    return coll(ctx).deleteMany(filter, opts);
  },
  deleteOne: async (ctx) => {
    const { filter, ...opts } = ctx.args;
    return coll(ctx).deleteOne(filter, opts);
  },
  distinct: async (ctx) => {
    const { fieldName, filter, ...opts } = ctx.args;
    return coll(ctx).distinct(fieldName, filter, opts);
  },
  find: async (ctx) => {
    const { filter, ...opts } = ctx.args;
    return coll(ctx).find(filter, opts).toArray();
  },
  findOne: async (ctx) => {
    const { filter, ...opts } = ctx.args;
    return coll(ctx).findOne(filter, opts);
  },
  findOneAndDelete: async (ctx) => {
    const { filter, ...opts } = ctx.args;
    return coll(ctx).findOneAndDelete(filter, opts);
  },
  findOneAndReplace: async (ctx) => {
    const { filter, replacement, ...opts } = ctx.args;
    return coll(ctx).findOneAndReplace(filter, replacement, findAndModifyOptions(opts));
  },
  findOneAndUpdate: async (ctx) => {
    const { filter, update, ...opts } = ctx.args;
    return coll(ctx).findOneAndUpdate(filter, update, findAndModifyOptions(opts));
  },
  insertMany: async (ctx) => {
    const { documents, ...opts } = ctx.args;
    return coll(ctx).insertMany(documents, opts);
  },
  insertOne: async (ctx) => {
    const { document, ...opts } = ctx.args;
    return coll(ctx).insertOne(document, opts);
  },
  replaceOne: async (ctx) => {
    const { filter, replacement, ...opts } = ctx.args;
    return coll(ctx).replaceOne(filter, replacement, opts);
  },
  updateMany: async (ctx) => {
    const { filter, update, ...opts } = ctx.args;
    return coll(ctx).updateMany(filter, update, opts);
  },
  updateOne: async (ctx) => {
    const { filter, update, ...opts } = ctx.args;
    return coll(ctx).updateOne(filter, update, opts);
  },
  createFindCursor: async (ctx) => {
    const { filter, ...opts } = ctx.args;
    const cursor = coll(ctx).find(filter, opts);
    // Runs `find` now without consuming a document, as the format requires.
    await cursor.hasNext();
    return cursor;
  },
  createIndex: async (ctx) => {
    const { keys, ...opts } = ctx.args;
    return coll(ctx).createIndex(keys, opts);
  },
  dropIndex: async (ctx) => {
    const { name, ...opts } = ctx.args;
    await coll(ctx).dropIndex(name, opts);
  },
  listIndexes: async (ctx) => coll(ctx).listIndexes(ctx.args).toArray(),
  rename: async (ctx) => {
    const { to, ...opts } = ctx.args;
    return coll(ctx).rename(to, opts);
  },
};

const DATABASE_OPERATIONS: Record<string, Operation> = {
  listCollections: async (ctx) => {
    const { filter, ...opts } = ctx.args;
    return db(ctx).listCollections(filter, opts).toArray();
  },
  listCollectionNames: async (ctx) => {
    const { filter, ...opts } = ctx.args;
    return (
      await db(ctx)
        .listCollections(filter, { ...opts, nameOnly: true })
        .toArray()
    ).map((c) => c.name);
  },
  createCollection: async (ctx) => {
    const { collection, ...opts } = ctx.args;
    return db(ctx).createCollection(collection, opts);
  },
  dropCollection: async (ctx) => {
    const { collection, ...opts } = ctx.args;
    return db(ctx).dropCollection(collection, opts);
  },
  modifyCollection: async (ctx) => {
    const { collection, session, ...rest } = ctx.args;
    return db(ctx).command({ collMod: collection, ...rest }, { session });
  },
  runCommand: async (ctx) => {
    const { command, commandName: _name, ...opts } = ctx.args;
    return db(ctx).command(command, commonOptions(opts));
  },
};

const CLIENT_OPERATIONS: Record<string, Operation> = {
  listDatabases: async (ctx) => (await client(ctx).db('admin').admin().listDatabases(ctx.args)).databases,
  listDatabaseNames: async (ctx) =>
    (await client(ctx).db('admin').admin().listDatabases(ctx.args)).databases.map((d) => d.name),
  createChangeStream: async (ctx) => {
    const { pipeline = [], ...opts } = ctx.args;
    const target = ctx.target instanceof ClientEntity ? ctx.target.client : (ctx.target as Collection | Db);
    const stream = target.watch(pipeline, opts);
    // The format requires the server-side cursor (the aggregate) before the stream is saved, without iterating.
    await (stream as unknown as { cursor: { cursorInit(): Promise<void> } }).cursor.cursorInit();
    return stream;
  },
  iterateUntilDocumentOrError: async (ctx) => {
    const it = ctx.target;
    if (it instanceof ChangeStream) return it.next();
    if (it instanceof FindCursor) return it.next();
    throw new Error('iterateUntilDocumentOrError needs a cursor or change stream');
  },
  iterateOnce: async (ctx) => {
    const it = ctx.target;
    if (it instanceof ChangeStream || it instanceof FindCursor) return it.tryNext();
    throw new Error('iterateOnce needs a cursor or change stream');
  },
  close: async (ctx) => {
    const it = ctx.target;
    // Errors from killCursors are suppressed, as the format asks.
    if (it instanceof ChangeStream || it instanceof FindCursor) await it.close().catch(() => undefined);
    else if (it instanceof ClientEntity) await it.client.close();
    else throw new Error('close needs a cursor, change stream or client');
  },
  createEntities: async (ctx) => ctx.entities.create(ctx.args.entities),
  clientBulkWrite: async (ctx) => {
    // The format nests each model under its kind ({ insertOne: {…} }); the driver wants { name: 'insertOne', … }.
    const { models, ...opts } = ctx.args;
    const flat = (models as Document[]).map((m) => {
      const [name] = Object.keys(m);
      return { name, ...m[name] };
    });
    return client(ctx).bulkWrite(flat as Parameters<MongoClient['bulkWrite']>[0], opts);
  },
};

/** All operations by name; the name alone picks the function, the function checks the target's type. */
export const OPERATIONS: Record<string, Operation> = {
  ...COLLECTION_OPERATIONS,
  ...DATABASE_OPERATIONS,
  ...CLIENT_OPERATIONS,
  ...SESSION_OPERATIONS,
  ...TEST_RUNNER_OPERATIONS,
};

/** Replaces a `session` argument naming a session entity by the driver's session. */
export function resolveArguments(args: Document | undefined, entities: EntityMap): Document {
  const out: Document = { ...(args ?? {}) };
  if (typeof out.session === 'string') out.session = entities.session(out.session).session;
  if (out.session !== undefined && !(out.session instanceof ClientSession))
    throw new Error('bad session argument');
  return out;
}
