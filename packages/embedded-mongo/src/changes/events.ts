import type { Document } from 'bson';
import type { JournalEntry, UpdateDescription } from '../engine/journal-entry';
import { isPlainObject, type Doc } from '../query/document';
import { toTimestamp } from '../replication/clock';
import type { OplogEntry } from '../replication/oplog';
import { encodeToken } from './resume-token';

/** What a stream watches: one collection, one database, or every database but the internal ones. */
export type StreamScope =
  { kind: 'collection'; db: string; coll: string } | { kind: 'database'; db: string } | { kind: 'cluster' };

const INTERNAL_DATABASES = new Set(['admin', 'config', 'local']);

/** A change event before the stream's own options and stages are applied. */
export interface RawEvent {
  event: Doc;
  /** The change it was made from (its images, for fullDocument and fullDocumentBeforeChange). */
  source: JournalEntry;
  opIndex: number;
  /** The event ends the stream (drop or rename of its collection, drop of its database). */
  invalidates: boolean;
}

function inScope(scope: StreamScope, db: string, coll?: string): boolean {
  if (INTERNAL_DATABASES.has(db) || coll?.startsWith('system.')) return false;
  if (scope.kind === 'cluster') return true;
  if (scope.kind === 'database') return db === scope.db;
  return db === scope.db && coll === scope.coll;
}

/** The event an entry makes, without the common fields; undefined when the entry makes none in this scope. */
function describe(
  entry: JournalEntry,
  scope: StreamScope,
  expanded: boolean,
): { fields: Doc; invalidates: boolean } | undefined {
  switch (entry.op) {
    case 'insert':
      if (!inScope(scope, entry.db, entry.coll)) return undefined;
      return {
        fields: {
          operationType: 'insert',
          fullDocument: entry.doc,
          ns: { db: entry.db, coll: entry.coll },
          documentKey: { _id: entry.doc._id },
        },
        invalidates: false,
      };
    case 'replace':
      if (!inScope(scope, entry.db, entry.coll)) return undefined;
      return {
        fields: entry.upd
          ? {
              operationType: 'update',
              ns: { db: entry.db, coll: entry.coll },
              documentKey: { _id: entry.doc._id },
              updateDescription: expanded
                ? { ...entry.upd, disambiguatedPaths: disambiguatedPaths(entry.upd, entry.doc) }
                : entry.upd,
            }
          : {
              operationType: 'replace',
              fullDocument: entry.doc,
              ns: { db: entry.db, coll: entry.coll },
              documentKey: { _id: entry.doc._id },
            },
        invalidates: false,
      };
    case 'delete':
      if (!inScope(scope, entry.db, entry.coll)) return undefined;
      return {
        fields: {
          operationType: 'delete',
          ns: { db: entry.db, coll: entry.coll },
          documentKey: { _id: entry.id },
        },
        invalidates: false,
      };
    case 'dropCollection':
      if (!inScope(scope, entry.db, entry.coll)) return undefined;
      return {
        fields: { operationType: 'drop', ns: { db: entry.db, coll: entry.coll } },
        invalidates: scope.kind === 'collection',
      };
    case 'renameCollection':
      if (!inScope(scope, entry.db, entry.coll) && !inScope(scope, entry.toDb, entry.toColl))
        return undefined;
      return {
        fields: {
          operationType: 'rename',
          ns: { db: entry.db, coll: entry.coll },
          to: { db: entry.toDb, coll: entry.toColl },
          ...(expanded
            ? {
                operationDescription: {
                  to: { db: entry.toDb, coll: entry.toColl },
                  dropTarget: entry.dropTarget ?? false,
                },
              }
            : {}),
        },
        invalidates: scope.kind === 'collection',
      };
    case 'dropDatabase':
      if (scope.kind === 'collection' || !inScope(scope, entry.db)) return undefined;
      return {
        fields: { operationType: 'dropDatabase', ns: { db: entry.db } },
        invalidates: scope.kind === 'database',
      };
    case 'createCollection':
      if (!expanded || !inScope(scope, entry.db, entry.coll)) return undefined;
      return {
        fields: {
          operationType: 'create',
          ns: { db: entry.db, coll: entry.coll },
          operationDescription: { idIndex: { v: 2, key: { _id: 1 }, name: '_id_' } },
        },
        invalidates: false,
      };
    case 'createIndex':
      if (!expanded || !inScope(scope, entry.db, entry.coll)) return undefined;
      return {
        fields: {
          operationType: 'createIndexes',
          ns: { db: entry.db, coll: entry.coll },
          operationDescription: { indexes: [entry.spec] },
        },
        invalidates: false,
      };
    case 'collMod':
      if (!expanded || !inScope(scope, entry.db, entry.coll)) return undefined;
      return {
        fields: {
          operationType: 'modify',
          ns: { db: entry.db, coll: entry.coll },
          operationDescription: entry.options,
        },
        invalidates: false,
      };
    case 'dropIndex':
      if (!expanded || !inScope(scope, entry.db, entry.coll)) return undefined;
      return {
        fields: {
          operationType: 'dropIndexes',
          ns: { db: entry.db, coll: entry.coll },
          operationDescription: { indexes: [{ name: entry.name }] },
        },
        invalidates: false,
      };
    case 'applyOps':
      return undefined;
  }
}

/** The change events an oplog entry makes in a scope, in order (a transaction's operations each make one). */
export function eventsOf(entry: OplogEntry, scope: StreamScope, expanded: boolean): RawEvent[] {
  const inner: JournalEntry[] = entry.op === 'applyOps' ? entry.entries : [entry];
  const session: Document = entry.session
    ? { lsid: entry.session.lsid, txnNumber: entry.session.txnNumber }
    : {};
  const clusterTime = toTimestamp(entry.ts);
  const wallTime = new Date(entry.wall);
  const out: RawEvent[] = [];
  inner.forEach((op, opIndex) => {
    const described = describe(op, scope, expanded);
    if (!described) return;
    const { operationType, ...rest } = described.fields;
    const uuid = op.op === 'createCollection' ? op.uuid : 'ui' in op ? op.ui : undefined;
    out.push({
      event: {
        _id: encodeToken({ kind: 'event', ts: entry.ts, opIndex }),
        operationType,
        clusterTime,
        wallTime,
        ...(expanded && uuid ? { collectionUUID: uuid } : {}),
        ...session,
        ...rest,
      },
      source: op,
      opIndex,
      invalidates: described.invalidates,
    });
  });
  return out;
}

/**
 * With showExpandedEvents, the paths whose parts could be read two ways (a number is an array index or a field
 * name; a field name may hold a dot) are spelled out part by part, array indices as numbers, from the document.
 */
function disambiguatedPaths(upd: UpdateDescription, doc: Doc): Doc {
  const out: Doc = {};
  const paths = [
    ...Object.keys(upd.updatedFields),
    ...upd.removedFields,
    ...upd.truncatedArrays.map((t) => t.field),
  ];
  for (const path of paths) {
    const parts = path.split('.');
    if (!parts.some((part) => /^\d+$/.test(part))) continue;
    let node: unknown = doc;
    out[path] = parts.map((part) => {
      const index = Array.isArray(node) && /^\d+$/.test(part);
      node = isPlainObject(node) || Array.isArray(node) ? (node as Doc)[part] : undefined;
      return index ? Number(part) : part;
    });
  }
  return out;
}

export function invalidateEvent(entry: OplogEntry, opIndex: number): Doc {
  return {
    _id: encodeToken({ kind: 'invalidate', ts: entry.ts, opIndex }),
    operationType: 'invalidate',
    clusterTime: toTimestamp(entry.ts),
    wallTime: new Date(entry.wall),
  };
}
