import { ObjectId, UUID } from 'bson';
import { MongoCommandError } from '../errors';
import { isPlainObject, type Doc } from '../query/document';
import { Index } from './index';
import { compareIndexSpecs, type IndexSpec } from './index-spec';
import { formatValue } from './key-format';
import type { ChangeSink, CollectionOptions, JournalEntry } from './journal-entry';
import { DocRecord, encodeDocument } from './record';
import { RecordStore } from './record-store';
import { describeUpdate } from '../replication/update-description';

export const ID_INDEX_SPEC: IndexSpec = { v: 2, key: { _id: 1 }, name: '_id_' };

function validateId(id: unknown): void {
  if (Array.isArray(id)) throw new MongoCommandError('BadValue', "can't use an array for _id");
  if (id instanceof RegExp) throw new MongoCommandError('BadValue', "can't use a regex for _id");
  if (id === undefined) throw new MongoCommandError('BadValue', "can't use undefined for _id");
  if (isPlainObject(id)) {
    for (const key of Object.keys(id)) {
      if (key.startsWith('$')) {
        throw new MongoCommandError(
          'DollarPrefixedFieldName',
          `_id fields may not contain '$'-prefixed fields: ${key} is not valid for storage.`,
        );
      }
    }
  }
}

/**
 * Whether two documents' keys for an index are the same values of the same types, in the same order. Only values
 * compared cheaply and exactly count as the same (numbers of one type, strings, booleans, null, ObjectIds, dates);
 * any other value counts as changed, and the index's entries are replaced as before.
 */
function sameKeys(a: unknown[][], b: unknown[][]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    const y = b[i];
    if (x.length !== y.length) return false;
    for (let j = 0; j < x.length; j++) if (!sameKeyValue(x[j], y[j])) return false;
  }
  return true;
}

function sameKeyValue(x: unknown, y: unknown): boolean {
  // A JS number is an int32 or a double by its value alone (bson encodes it so), so equal numbers are the same.
  if (x === null || typeof x !== 'object') return Object.is(x, y);
  if (y === null || typeof y !== 'object') return false;
  if (x instanceof ObjectId) return y instanceof ObjectId && x.equals(y);
  if (x instanceof Date) return y instanceof Date && x.getTime() === y.getTime();
  return false;
}

/** An index's keys for a document being written, and for a replace the keys it had ('unchanged': the same). */
interface IndexKeys {
  index: Index;
  keys: unknown[][];
  oldKeys?: unknown[][] | 'unchanged';
}

/**
 * One collection: its documents by record id (RecordStore, ids in insertion order) and its indexes, each a B-tree
 * of keys ending in the record id.
 */
export class Collection {
  db: string;
  name: string;
  readonly indexes = new Map<string, Index>();
  /** The collection's identity across renames (change events' `collectionUUID`). */
  uuid: UUID;
  options: CollectionOptions = {};
  private nextRid = 1;
  private readonly changes: ChangeSink;
  private store: RecordStore;

  /** `from`: the collection a snapshot copies (see `snapshot`); otherwise a new, empty one. */
  constructor(db: string, name: string, changes: ChangeSink, from?: Collection) {
    this.db = db;
    this.name = name;
    this.changes = changes;
    // A snapshot shares its source's identity and storage: no random UUID, record store or index made to be dropped
    // (two snapshots of every collection per transaction).
    this.uuid = from ? from.uuid : new UUID();
    this.store = from ? from.store.snapshot() : new RecordStore();
    if (from) {
      for (const [indexName, index] of from.indexes) this.indexes.set(indexName, index.snapshot());
      this.nextRid = from.nextRid;
      this.options = from.options;
    } else this.indexes.set('_id_', new Index(ID_INDEX_SPEC));
  }

  /**
   * Records in natural (insertion) order, read as the walk goes: records deleted before it gets to them are
   * skipped, records inserted meanwhile are reached.
   */
  *records(): Generator<DocRecord> {
    for (let next = this.store.nextFrom(0); next; next = this.store.nextFrom(next[0] + 1))
      yield new DocRecord(next[0], next[1]);
  }

  /** The stored bytes of record `rid`, if it still exists (what a scan tests before it makes a record of them). */
  storedAt(rid: number): string | undefined {
    return this.store.get(rid);
  }

  /** The stored version of record `rid`, if it still exists. */
  recordAt(rid: number): DocRecord | undefined {
    const bson = this.store.get(rid);
    return bson === undefined ? undefined : new DocRecord(rid, bson);
  }

  /**
   * A copy of the collection as it is now, for a transaction: the B-trees and the record store are shared
   * copy-on-write, so neither copy sees the other's later changes.
   */
  snapshot(changes: ChangeSink): Collection {
    return new Collection(this.db, this.name, changes, this);
  }

  /**
   * Whether `changed` is a snapshot of this collection with the same indexes, so that `adoptChanges` may take its
   * state (a transaction that created or dropped an index, or a collection dropped and made again, is not).
   */
  canAdopt(changed: Collection): boolean {
    if (!changed.uuid.equals(this.uuid) || changed.indexes.size !== this.indexes.size) return false;
    for (const [name, index] of changed.indexes)
      if (this.indexes.get(name)?.spec !== index.spec) return false;
    return true;
  }

  /**
   * Takes the documents and index entries of `changed`: a snapshot of this collection that a committing transaction
   * wrote to while this one did not change, so its state is exactly this one's with the transaction's changes made.
   * Shared copy-on-write, as a snapshot shares them: nothing is encoded or indexed a second time.
   */
  adoptChanges(changed: Collection): void {
    this.store = changed.store.snapshot();
    for (const [name, index] of changed.indexes) (this.indexes.get(name) as Index).adopt(index);
    this.nextRid = changed.nextRid;
  }

  /** Only the catalog renames a collection (it also moves it in its maps). */
  rename(db: string, name: string): void {
    this.db = db;
    this.name = name;
  }

  get ns(): string {
    return `${this.db}.${this.name}`;
  }

  get idIndex(): Index {
    return this.indexes.get('_id_') as Index;
  }

  get size(): number {
    return this.store.size;
  }

  findById(id: unknown): DocRecord | undefined {
    const rid = this.idIndex.findRid([id]);
    return rid === undefined ? undefined : this.recordAt(rid);
  }

  /**
   * Computes every index's keys and checks unique constraints; throws before anything changes. With `old` (the
   * document's version a replace overwrites), each index's old keys too, or `unchanged` when the new ones are the
   * same: such an index (a count's `$inc` beside indexed fields) is not checked or touched, since its entries
   * already name this record and no other record can hold them.
   */
  private keysChecked(doc: Doc, selfRid: number, old?: Doc): IndexKeys[] {
    const all: IndexKeys[] = [];
    for (const index of this.indexes.values()) {
      const keys = index.keysFor(doc);
      const oldKeys = old && index.keysFor(old);
      if (oldKeys && sameKeys(keys, oldKeys)) {
        all.push({ index, keys, oldKeys: 'unchanged' });
        continue;
      }
      if (index.findConflict(keys, selfRid)) throw index.duplicateKeyError(this.ns, doc);
      all.push({ index, keys, oldKeys });
    }
    return all;
  }

  insert(doc: Doc): DocRecord {
    validateId(doc._id);
    const record = new DocRecord(this.nextRid, encodeDocument(doc, true), doc);
    const keys = this.keysChecked(doc, record.rid);
    this.nextRid++;
    for (const { index, keys: indexKeys } of keys) {
      index.noteKeys(doc, indexKeys);
      index.add(record.rid, indexKeys);
    }
    this.store.set(record.rid, record.bson);
    this.changes.record({ op: 'insert', db: this.db, coll: this.name, doc, ui: this.uuid });
    return record;
  }

  /** Stores a new version of a document; `asUpdate` (an update with operators) also logs what changed. */
  replace(old: DocRecord, doc: Doc, asUpdate = false): DocRecord {
    const record = new DocRecord(old.rid, encodeDocument(doc, false), doc);
    for (const { index, keys, oldKeys } of this.keysChecked(doc, old.rid, old.doc)) {
      index.noteKeys(doc, keys);
      if (oldKeys === 'unchanged') continue;
      index.remove(old.rid, oldKeys as unknown[][]); // read, since `old` was given
      index.add(record.rid, keys);
    }
    this.store.set(record.rid, record.bson);
    const entry: JournalEntry = { op: 'replace', db: this.db, coll: this.name, doc, ui: this.uuid };
    if (asUpdate) entry.upd = describeUpdate(old.doc, doc);
    if (this.options.changeStreamPreAndPostImages) {
      entry.pre = old.doc;
      entry.images = true;
    }
    this.changes.record(entry);
    return record;
  }

  delete(record: DocRecord): void {
    for (const index of this.indexes.values()) index.remove(record.rid, index.keysFor(record.doc));
    this.store.delete(record.rid);
    this.changes.record(
      this.options.changeStreamPreAndPostImages
        ? {
            op: 'delete',
            db: this.db,
            coll: this.name,
            id: record.doc._id,
            pre: record.doc,
            images: true,
            ui: this.uuid,
          }
        : { op: 'delete', db: this.db, coll: this.name, id: record.doc._id, ui: this.uuid },
    );
  }

  /** Builds a new index over the existing documents; returns false when an identical one already exists. */
  createIndex(spec: IndexSpec): boolean {
    const named = this.indexes.get(spec.name);
    if (named) {
      const comparison = compareIndexSpecs(spec, named.spec);
      if (comparison === 'identical') return false;
      if (comparison === 'different') {
        throw new MongoCommandError(
          'IndexKeySpecsConflict',
          `An existing index has the same name as the requested index. When index names are not specified, they are auto generated and can cause conflicts. Please refer to our documentation. Requested index: ${formatValue(spec)}, existing index: ${formatValue(named.spec)}`,
        );
      }
      throw new MongoCommandError(
        'IndexOptionsConflict',
        `An equivalent index already exists with the same name but different options. Requested index: ${formatValue(spec)}, existing index: ${formatValue(named.spec)}`,
      );
    }
    // Another name for the same key is refused unless an identifying option tells the two indexes apart.
    for (const existing of this.indexes.values()) {
      const comparison = compareIndexSpecs(spec, existing.spec);
      if (comparison === 'identical') {
        throw new MongoCommandError(
          'IndexOptionsConflict',
          `Index already exists with a different name: ${existing.name}`,
        );
      }
      if (comparison === 'equivalent') {
        throw new MongoCommandError(
          'IndexOptionsConflict',
          `An equivalent index already exists with a different name and options. Requested index: ${formatValue(spec)}, existing index: ${formatValue(existing.spec)}`,
        );
      }
    }
    const index = new Index(spec);
    for (const record of this.records()) {
      const keys = index.keysFor(record.doc);
      if (index.findConflict(keys, record.rid)) throw index.duplicateKeyError(this.ns, record.doc);
      index.noteKeys(record.doc, keys);
      index.add(record.rid, keys);
    }
    this.indexes.set(spec.name, index);
    this.changes.record({ op: 'createIndex', db: this.db, coll: this.name, spec });
    return true;
  }

  dropIndex(name: string): IndexSpec {
    if (name === '_id_') throw new MongoCommandError('InvalidOptions', 'cannot drop _id index');
    const index = this.indexes.get(name);
    if (!index) throw new MongoCommandError('IndexNotFound', `index not found with name [${name}]`);
    this.indexes.delete(name);
    this.changes.record({ op: 'dropIndex', db: this.db, coll: this.name, name });
    return index.spec;
  }

  findIndexByKey(key: Doc): Index | undefined {
    const wanted = JSON.stringify(key);
    for (const index of this.indexes.values()) if (JSON.stringify(index.spec.key) === wanted) return index;
    return undefined;
  }
}
