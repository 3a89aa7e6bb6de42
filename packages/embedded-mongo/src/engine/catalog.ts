import { MongoCommandError } from '../errors';
import { Collection } from './collection';
import type { ChangeSink, JournalEntry } from './journal-entry';

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

  getCollection(db: string, name: string): Collection | undefined {
    return this.databases.get(db)?.get(name);
  }

  /** Creates the collection on first write, as MongoDB does. */
  ensureCollection(db: string, name: string): { collection: Collection; created: boolean } {
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
    collections.set(name, collection);
    this.changes.record({ op: 'createCollection', db, coll: name });
    return { collection, created: true };
  }

  dropCollection(db: string, name: string): Collection | undefined {
    const collections = this.databases.get(db);
    const collection = collections?.get(name);
    if (!collections || !collection) return undefined;
    collections.delete(name);
    if (collections.size === 0) this.databases.delete(db);
    this.changes.record({ op: 'dropCollection', db, coll: name });
    return collection;
  }

  dropDatabase(db: string): boolean {
    const existed = this.databases.delete(db);
    if (existed) this.changes.record({ op: 'dropDatabase', db });
    return existed;
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
        this.ensureCollection(entry.db, entry.coll);
        return;
      case 'dropCollection':
        this.dropCollection(entry.db, entry.coll);
        return;
      case 'dropDatabase':
        this.dropDatabase(entry.db);
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
