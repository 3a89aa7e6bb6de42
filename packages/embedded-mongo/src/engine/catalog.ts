import { MongoCommandError } from '../errors';
import { Collection } from './collection';
import { UUID, type Binary } from 'bson';
import type { ChangeSink, CollectionOptions, JournalEntry } from './journal-entry';

const VALID_NAME = /^[^\0$]+$/;

function checkName(kind: 'database' | 'collection', name: string): void {
  if (typeof name !== 'string' || !VALID_NAME.test(name) || (kind === 'database' && /[/\\. "]/.test(name))) {
    throw new MongoCommandError('InvalidNamespace', `Invalid ${kind} name: '${String(name)}'`);
  }
  if (kind === 'collection' && name.startsWith('system.')) {
    throw new MongoCommandError(
      'InvalidNamespace',
      `Invalid collection name: '${name}' (system collections are not supported)`,
    );
  }
}

/** Every database and collection the server holds, and the one place that applies journal entries. */
export class Catalog {
  private readonly databases = new Map<string, Map<string, Collection>>();
  changes: ChangeSink;

  constructor(changes: ChangeSink) {
    this.changes = changes;
  }

  /** The whole catalog as it is now, for a transaction's reads and writes (see `Collection.snapshot`). */
  snapshot(changes: ChangeSink): Catalog {
    const copy = new Catalog(changes);
    for (const [db, collections] of this.databases) {
      const copies = new Map<string, Collection>();
      for (const [name, collection] of collections)
        copies.set(name, collection.snapshot({ record: (entry) => copy.changes.record(entry) }));
      copy.databases.set(db, copies);
    }
    return copy;
  }

  getCollection(db: string, name: string): Collection | undefined {
    return this.databases.get(db)?.get(name);
  }

  /** Creates the collection on first write, as MongoDB does. */
  ensureCollection(
    db: string,
    name: string,
    identity: { uuid?: Binary; options?: CollectionOptions } = {},
  ): { collection: Collection; created: boolean } {
    const existing = this.getCollection(db, name);
    if (existing) return { collection: existing, created: false };
    checkName('database', db);
    checkName('collection', name);
    let collections = this.databases.get(db);
    if (!collections) {
      collections = new Map();
      this.databases.set(db, collections);
    }
    const collection = new Collection(db, name, { record: (entry) => this.changes.record(entry) });
    // A copy: a UUID read from a journal or a snapshot is a view of that whole file's buffer, which it would keep.
    if (identity.uuid) collection.uuid = new UUID(new Uint8Array(identity.uuid.buffer));
    if (identity.options) collection.options = { ...identity.options };
    collections.set(name, collection);
    this.changes.record({
      op: 'createCollection',
      db,
      coll: name,
      uuid: collection.uuid,
      ...(identity.options ? { options: identity.options } : {}),
    });
    return { collection, created: true };
  }

  dropCollection(db: string, name: string): Collection | undefined {
    const collections = this.databases.get(db);
    const collection = collections?.get(name);
    if (!collections || !collection) return undefined;
    collections.delete(name);
    if (collections.size === 0) this.databases.delete(db);
    this.changes.record({ op: 'dropCollection', db, coll: name, ui: collection.uuid });
    return collection;
  }

  /** Drops each collection (one change each, as mongod logs them), then the database. */
  dropDatabase(db: string): boolean {
    const collections = this.databases.get(db);
    if (!collections) return false;
    for (const name of [...collections.keys()]) this.dropCollection(db, name);
    this.databases.delete(db);
    this.changes.record({ op: 'dropDatabase', db });
    return true;
  }

  /** Moves a collection, its documents and indexes to a new name (the target must not exist). */
  renameCollection(db: string, coll: string, toDb: string, toColl: string, dropTarget = false): void {
    const collection = this.getCollection(db, coll);
    if (!collection)
      throw new MongoCommandError('NamespaceNotFound', `Source collection ${db}.${coll} does not exist`);
    checkName('database', toDb);
    checkName('collection', toColl);
    this.databases.get(db)?.delete(coll);
    if (this.databases.get(db)?.size === 0) this.databases.delete(db);
    collection.rename(toDb, toColl);
    let target = this.databases.get(toDb);
    if (!target) {
      target = new Map();
      this.databases.set(toDb, target);
    }
    target.set(toColl, collection);
    this.changes.record({ op: 'renameCollection', db, coll, toDb, toColl, dropTarget, ui: collection.uuid });
  }

  /** collMod: changes a collection's options (what its changes record). */
  modifyCollection(db: string, coll: string, options: CollectionOptions): void {
    const collection = this.getCollection(db, coll);
    if (!collection) throw new MongoCommandError('NamespaceNotFound', `ns does not exist: ${db}.${coll}`);
    collection.options = { ...collection.options, ...options };
    this.changes.record({ op: 'collMod', db, coll, options, ui: collection.uuid });
  }

  databaseNames(): string[] {
    return [...this.databases.keys()].sort();
  }

  collections(db: string): Collection[] {
    return [...(this.databases.get(db)?.values() ?? [])];
  }

  allCollections(): Collection[] {
    return [...this.databases.values()].flatMap((collections) => [...collections.values()]);
  }

  /** Replays one journal entry (the sink is silenced by the caller while replaying). */
  apply(entry: JournalEntry): void {
    switch (entry.op) {
      case 'createCollection':
        this.ensureCollection(entry.db, entry.coll, { uuid: entry.uuid, options: entry.options });
        return;
      case 'collMod':
        if (this.getCollection(entry.db, entry.coll))
          this.modifyCollection(entry.db, entry.coll, entry.options);
        return;
      case 'dropCollection':
        this.dropCollection(entry.db, entry.coll);
        return;
      case 'dropDatabase':
        this.dropDatabase(entry.db);
        return;
      case 'renameCollection':
        if (this.getCollection(entry.toDb, entry.toColl)) this.dropCollection(entry.toDb, entry.toColl);
        if (this.getCollection(entry.db, entry.coll))
          this.renameCollection(entry.db, entry.coll, entry.toDb, entry.toColl, entry.dropTarget);
        return;
      case 'applyOps':
        for (const inner of entry.entries) this.apply(inner);
        return;
      default:
        break;
    }
    const collection = this.ensureCollection(entry.db, entry.coll).collection;
    switch (entry.op) {
      case 'insert': {
        const existing = collection.findById(entry.doc._id);
        if (existing) collection.replace(existing, entry.doc);
        else collection.insert(entry.doc);
        return;
      }
      case 'replace': {
        const existing = collection.findById(entry.doc._id);
        if (existing) collection.replace(existing, entry.doc);
        return;
      }
      case 'delete': {
        const existing = collection.findById(entry.id);
        if (existing) collection.delete(existing);
        return;
      }
      case 'createIndex':
        if (!collection.indexes.has(entry.spec.name)) collection.createIndex(entry.spec);
        return;
      case 'dropIndex':
        if (collection.indexes.has(entry.name)) collection.dropIndex(entry.name);
        return;
    }
  }
}
