import { Long, type Document } from 'bson';
import { parseIndexSpec } from '../engine/index-spec';
import type { CollectionOptions } from '../engine/journal-entry';
import { MongoCommandError } from '../errors';
import { isPlainObject, type Doc } from '../query/document';
import { mingoOptions, Query } from '../query/mingo';
import { collectionName, namespace, optionalArray, optionalObject, type CommandHandler } from './context';

const ID_INDEX = { v: 2, key: { _id: 1 }, name: '_id_' };

export const listDatabases: CommandHandler = (ctx) => {
  const databases = ctx.catalog.databaseNames().map((name) => {
    const docs = ctx.catalog.collections(name).reduce((sum, c) => sum + c.size, 0);
    return { name, sizeOnDisk: docs * 100, empty: docs === 0 };
  });
  return { databases, totalSize: databases.reduce((sum, d) => sum + d.sizeOnDisk, 0), totalSizeMb: 0, ok: 1 };
};

export const listCollections: CommandHandler = (ctx, req) => {
  const filter = optionalObject(req.body, 'filter', 'listCollections') ?? {};
  const entries: Doc[] = ctx.catalog.collections(req.db).map((c) => ({
    name: c.name,
    type: 'collection',
    options: {},
    info: { readOnly: false },
    idIndex: ID_INDEX,
  }));
  const query = new Query(filter, mingoOptions());
  const matching = entries.filter((entry) => query.test(entry));
  const firstBatch = req.body.nameOnly ? matching.map(({ name, type }) => ({ name, type })) : matching;
  return { cursor: { id: Long.ZERO, ns: `${req.db}.$cmd.listCollections`, firstBatch }, ok: 1 } as Document;
};

const UNSUPPORTED_CREATE_OPTIONS = ['capped', 'timeseries', 'viewOn', 'clusteredIndex', 'validator'];

/** `changeStreamPreAndPostImages: { enabled }`, as `create` and `collMod` take it. */
function imagesOption(body: Document, command: string): CollectionOptions {
  const value = body.changeStreamPreAndPostImages;
  if (value === undefined) return {};
  if (!isPlainObject(value) || typeof value.enabled !== 'boolean') {
    throw new MongoCommandError(
      'TypeMismatch',
      `BSON field '${command}.changeStreamPreAndPostImages.enabled' is missing but a required field`,
    );
  }
  return { changeStreamPreAndPostImages: value.enabled };
}

/** collMod: the options this server has (pre- and post-images); others are refused rather than ignored. */
export const collMod: CommandHandler = (ctx, req) => {
  const coll = collectionName(req);
  for (const field of Object.keys(req.body)) {
    if (
      [
        'collMod',
        'changeStreamPreAndPostImages',
        'writeConcern',
        'comment',
        'lsid',
        '$db',
        '$clusterTime',
        'txnNumber',
        '$readPreference',
      ].includes(field)
    )
      continue;
    throw new MongoCommandError(
      'CommandNotSupported',
      `collMod option '${field}' is not supported by the embedded server`,
    );
  }
  ctx.catalog.modifyCollection(req.db, coll, imagesOption(req.body, 'collMod'));
  return { ok: 1 };
};

export const create: CommandHandler = async (ctx, req) => {
  const coll = collectionName(req);
  for (const option of UNSUPPORTED_CREATE_OPTIONS) {
    if (req.body[option]) {
      throw new MongoCommandError(
        'CommandNotSupported',
        `collection option '${option}' is not supported by the embedded server`,
      );
    }
  }
  const { created } = ctx.catalog.ensureCollection(req.db, coll, {
    options: imagesOption(req.body, 'create'),
  });
  if (!created)
    throw new MongoCommandError('NamespaceExists', `Collection ${namespace(req, coll)} already exists.`);
  return { ok: 1 };
};

export const drop: CommandHandler = async (ctx, req) => {
  const coll = collectionName(req);
  const dropped = ctx.catalog.dropCollection(req.db, coll);
  if (!dropped) return { ok: 1 };
  return { nIndexesWas: dropped.indexes.size, ns: namespace(req, coll), ok: 1 };
};

function splitNamespace(value: unknown, field: string): { db: string; coll: string } {
  const dot = typeof value === 'string' ? value.indexOf('.') : -1;
  if (typeof value !== 'string' || dot <= 0 || dot === value.length - 1) {
    throw new MongoCommandError('InvalidNamespace', `Invalid ${field} namespace: ${String(value)}`);
  }
  return { db: value.slice(0, dot), coll: value.slice(dot + 1) };
}

/** `renameCollection: 'db.from', to: 'db.to'` on the admin database; `dropTarget` replaces an existing target. */
export const renameCollection: CommandHandler = (ctx, req) => {
  if (req.db !== 'admin') {
    throw new MongoCommandError(
      'Unauthorized',
      'renameCollection may only be run against the admin database.',
    );
  }
  const from = splitNamespace(req.body.renameCollection, 'source');
  const to = splitNamespace(req.body.to, 'target');
  if (from.db === to.db && from.coll === to.coll) {
    throw new MongoCommandError('IllegalOperation', "Can't rename a collection to itself");
  }
  if (!ctx.catalog.getCollection(from.db, from.coll)) {
    throw new MongoCommandError(
      'NamespaceNotFound',
      `Source collection ${from.db}.${from.coll} does not exist`,
    );
  }
  const targetExists = !!ctx.catalog.getCollection(to.db, to.coll);
  if (targetExists) {
    if (req.body.dropTarget !== true)
      throw new MongoCommandError('NamespaceExists', 'target namespace exists');
    ctx.catalog.dropCollection(to.db, to.coll);
  }
  ctx.catalog.renameCollection(from.db, from.coll, to.db, to.coll, targetExists);
  return { ok: 1 };
};

export const dropDatabase: CommandHandler = async (ctx, req) => {
  ctx.catalog.dropDatabase(req.db);
  return { dropped: req.db, ok: 1 };
};

export const createIndexes: CommandHandler = async (ctx, req) => {
  const coll = collectionName(req);
  const raw = optionalArray(req.body, 'indexes', 'createIndexes');
  if (!raw || raw.length === 0)
    throw new MongoCommandError('BadValue', 'Must specify at least one index to create');
  const specs = raw.map(parseIndexSpec);
  const { collection, created } = ctx.catalog.ensureCollection(req.db, coll);
  const before = collection.indexes.size;
  let added = 0;
  for (const spec of specs) if (collection.createIndex(spec)) added++;
  const reply: Document = {
    numIndexesBefore: before,
    numIndexesAfter: collection.indexes.size,
    createdCollectionAutomatically: created,
    ok: 1,
  };
  if (added === 0) reply.note = 'all indexes already exist';
  return reply;
};

export const listIndexes: CommandHandler = (ctx, req) => {
  const coll = collectionName(req);
  const collection = ctx.catalog.getCollection(req.db, coll);
  if (!collection)
    throw new MongoCommandError('NamespaceNotFound', `ns does not exist: ${namespace(req, coll)}`);
  const firstBatch = [...collection.indexes.values()].map((index) => ({ ...index.spec }));
  return { cursor: { id: Long.ZERO, ns: namespace(req, coll), firstBatch }, ok: 1 } as Document;
};

export const dropIndexes: CommandHandler = async (ctx, req) => {
  const coll = collectionName(req);
  const collection = ctx.catalog.getCollection(req.db, coll);
  if (!collection) throw new MongoCommandError('NamespaceNotFound', `ns not found ${namespace(req, coll)}`);
  const nIndexesWas = collection.indexes.size;
  const target = req.body.index;
  if (target === '*') {
    for (const name of [...collection.indexes.keys()]) if (name !== '_id_') collection.dropIndex(name);
  } else if (typeof target === 'string') {
    collection.dropIndex(target);
  } else if (Array.isArray(target)) {
    for (const name of target) collection.dropIndex(String(name));
  } else if (isPlainObject(target)) {
    const index = collection.findIndexByKey(target);
    if (!index)
      throw new MongoCommandError('IndexNotFound', `can't find index with key: ${JSON.stringify(target)}`);
    collection.dropIndex(index.name);
  } else {
    throw new MongoCommandError(
      'TypeMismatch',
      "BSON field 'dropIndexes.index' is missing but a required field",
    );
  }
  return { nIndexesWas, ok: 1 };
};
