import { ObjectId } from 'bson';
import type { JournalEntry } from '../engine/journal-entry';
import { MongoCommandError } from '../errors';
import { compareValues } from '../query/bson-order';
import { isPlainObject, pathValues, withIdFirst, type Doc } from '../query/document';
import { applyUpdate } from '../query/update';
import { applyAtomically } from '../replication/apply-atomically';
import type { ServerContext } from './context';

/** Where `$out` or `$merge` writes: a collection name in the command's database, or `{ db, coll }`. */
function target(spec: unknown, db: string, stage: string): { db: string; coll: string } {
  if (typeof spec === 'string') return { db, coll: spec };
  if (isPlainObject(spec) && typeof spec.coll === 'string')
    return { db: typeof spec.db === 'string' ? spec.db : db, coll: spec.coll };
  throw new MongoCommandError('FailedToParse', `${stage} needs a collection name or { db, coll }`);
}

/** The last stage when it writes its results ($out, $merge), which only the last stage may do. */
export function outputStage(pipeline: Doc[]): Doc | undefined {
  pipeline.slice(0, -1).forEach((stage) => {
    if ('$out' in stage || '$merge' in stage) {
      throw new MongoCommandError(
        'Location40601',
        `${Object.keys(stage)[0]} can only be the final stage in the pipeline`,
      );
    }
  });
  const last = pipeline.at(-1);
  return last && ('$out' in last || '$merge' in last) ? last : undefined;
}

const withId = (doc: Doc): Doc => ('_id' in doc ? doc : withIdFirst({ _id: new ObjectId(), ...doc }));

/** `$out`: replaces the target's documents with the results, all at once, keeping its indexes. */
function out(ctx: ServerContext, db: string, spec: unknown, docs: Doc[]): void {
  const to = target(spec, db, '$out');
  const existing = ctx.catalog.getCollection(to.db, to.coll);
  const entries: JournalEntry[] = [];
  if (existing) entries.push({ op: 'dropCollection', db: to.db, coll: to.coll });
  entries.push({ op: 'createCollection', db: to.db, coll: to.coll });
  for (const index of existing?.indexes.values() ?? [])
    if (!index.isIdIndex) entries.push({ op: 'createIndex', db: to.db, coll: to.coll, spec: index.spec });
  const seen: unknown[] = [];
  for (const doc of docs.map(withId)) {
    if (seen.some((id) => compareValues(id, doc._id) === 0)) {
      throw new MongoCommandError(
        'DuplicateKey',
        `E11000 duplicate key error collection: ${to.db}.${to.coll} index: _id_`,
        {
          keyPattern: { _id: 1 },
          keyValue: { _id: doc._id },
        },
      );
    }
    seen.push(doc._id);
    entries.push({ op: 'insert', db: to.db, coll: to.coll, doc });
  }
  applyAtomically(ctx.catalog, ctx.store, entries);
}

function mergeOn(spec: Doc): string[] {
  const on = spec.on ?? '_id';
  const fields = Array.isArray(on) ? on : [on];
  if (fields.length === 0 || !fields.every((f) => typeof f === 'string')) {
    throw new MongoCommandError('FailedToParse', "$merge 'on' must be a field name or an array of them");
  }
  return fields as string[];
}

/** `$merge`: each result is matched in the target on `on` and replaced, merged, kept, inserted or refused. */
function merge(ctx: ServerContext, db: string, spec: unknown, docs: Doc[]): void {
  const options = isPlainObject(spec) ? spec : { into: spec };
  const to = target(options.into, db, '$merge');
  const on = mergeOn(options);
  const whenMatched = options.whenMatched ?? 'merge';
  const whenNotMatched = options.whenNotMatched ?? 'insert';
  const collection = ctx.catalog.ensureCollection(to.db, to.coll).collection;
  if (
    on.join() !== '_id' &&
    ![...collection.indexes.values()].some(
      (i) => i.unique && i.fields.slice().sort().join() === on.slice().sort().join(),
    )
  ) {
    throw new MongoCommandError(
      'Location51183',
      'Cannot find index to verify that join fields will be unique',
    );
  }
  for (const result of docs) {
    const doc = withId(result);
    // Matching on _id (the default) is an index lookup; other `on` fields scan, as they are rare.
    const matched =
      on.join() === '_id'
        ? collection.findById(doc._id)
        : [...collection.records()].find((record) =>
            on.every(
              (field) => compareValues(pathValues(record.doc, field)[0], pathValues(doc, field)[0]) === 0,
            ),
          );
    if (!matched) {
      if (whenNotMatched === 'insert') collection.insert(doc);
      else if (whenNotMatched === 'fail')
        throw new MongoCommandError(
          'Location13113',
          '$merge could not find a matching document in the target collection',
        );
      continue;
    }
    if (whenMatched === 'keepExisting') continue;
    if (whenMatched === 'fail') throw collection.idIndex.duplicateKeyError(collection.ns, doc);
    const next =
      whenMatched === 'replace'
        ? { ...doc, _id: matched.doc._id }
        : Array.isArray(whenMatched)
          ? applyUpdate(matched.doc, whenMatched as Doc[], { variables: { new: doc } })
          : { ...matched.doc, ...doc, _id: matched.doc._id };
    if (next) collection.replace(matched, withIdFirst(next), whenMatched !== 'replace');
  }
}

/** Writes an aggregation's results where its last stage says; the command then returns no documents. */
export function writeOutput(
  ctx: ServerContext,
  db: string,
  stage: Doc,
  docs: Doc[],
  readConcern: unknown,
): void {
  if (isPlainObject(readConcern) && readConcern.level === 'linearizable') {
    throw new MongoCommandError(
      'InvalidOptions',
      `${Object.keys(stage)[0]} cannot be used with a 'linearizable' read concern level`,
    );
  }
  if ('$out' in stage) out(ctx, db, stage.$out, docs);
  else merge(ctx, db, stage.$merge, docs);
}
