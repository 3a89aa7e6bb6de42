import fs from 'node:fs';
import { Catalog } from '../engine/catalog';
import { discardChanges, type ChangeSink, type JournalEntry } from '../engine/journal-entry';
import { Journal, journalPath, listJournalGens, replayJournal } from './journal';
import { acquireLock } from './lock';
import { readSnapshot, writeSnapshot, type SnapshotCollection } from './snapshot';

export interface StoreOptions {
  /** Data directory; undefined keeps everything in memory (nothing survives a restart). */
  dbpath?: string;
  /** Journal bytes that trigger a compaction, at the least (the journal may also grow to the snapshot's size). */
  compactAfterBytes?: number;
  log?: (message: string, fields?: Record<string, unknown>) => void;
}

const DEFAULT_COMPACT_BYTES = 64 * 1024 * 1024;

/**
 * Durability for the catalog: every change is appended to the journal as it happens, and a command is
 * acknowledged only after `commit()` has synced it. Compaction writes a snapshot and drops older journals.
 */
export class Store implements ChangeSink {
  readonly catalog: Catalog;
  private journal?: Journal;
  private readonly dir?: string;
  private releaseLock?: () => void;
  private snapshotBytes = 0;
  private journalBytes = 0;
  private compacting?: Promise<void>;
  private readonly compactAfterBytes: number;
  private readonly log: NonNullable<StoreOptions['log']>;

  private constructor(options: StoreOptions) {
    this.dir = options.dbpath;
    this.compactAfterBytes = options.compactAfterBytes ?? DEFAULT_COMPACT_BYTES;
    this.log = options.log ?? (() => undefined);
    this.catalog = new Catalog(discardChanges);
  }

  static open(options: StoreOptions): Store {
    const store = new Store(options);
    if (store.dir) store.load(store.dir);
    store.catalog.changes = store;
    return store;
  }

  private load(dir: string): void {
    fs.mkdirSync(dir, { recursive: true });
    this.releaseLock = acquireLock(dir);
    try {
      const snapshot = readSnapshot(dir);
      const fromGen = snapshot?.gen ?? 0;
      for (const coll of snapshot?.collections ?? []) {
        const { collection } = this.catalog.ensureCollection(coll.db, coll.name);
        for (const spec of coll.indexes) if (spec.name !== '_id_') collection.createIndex(spec);
        for (const doc of coll.docs) collection.insert(doc);
      }
      this.snapshotBytes = snapshot?.bytes ?? 0;
      const gens = listJournalGens(dir);
      let replayed = 0;
      for (const gen of gens) {
        if (gen < fromGen) {
          fs.rmSync(journalPath(dir, gen), { force: true }); // already inside the snapshot
          continue;
        }
        const { entries, bytes } = replayJournal(journalPath(dir, gen), (entry) => this.catalog.apply(entry));
        this.journalBytes += bytes;
        replayed += entries;
      }
      this.journal = new Journal(dir, Math.max(fromGen, (gens.at(-1) ?? 0) + 1));
      this.log('storage opened', {
        dbpath: dir,
        snapshotBytes: this.snapshotBytes,
        replayedEntries: replayed,
      });
    } catch (err) {
      this.releaseLock();
      throw err;
    }
  }

  record(entry: JournalEntry): void {
    if (!this.journal) return;
    this.journal.append(entry);
  }

  /** Resolves when every change made so far is on disk. */
  async commit(): Promise<void> {
    if (!this.journal) return;
    await this.journal.flush();
    this.maybeCompact();
  }

  private pendingJournalBytes(): number {
    return this.journalBytes + (this.journal?.bytes ?? 0);
  }

  private maybeCompact(): void {
    if (this.compacting || !this.dir) return;
    if (this.pendingJournalBytes() < Math.max(this.compactAfterBytes, this.snapshotBytes)) return;
    this.compacting = this.compact().finally(() => {
      this.compacting = undefined;
    });
  }

  /** Writes a snapshot of everything and removes the journals it contains. Safe to crash at any point. */
  async compact(): Promise<void> {
    const dir = this.dir;
    const old = this.journal;
    if (!dir || !old) return;
    // Switch journals and capture the records in the same tick: the new journal holds exactly what comes after.
    old.closeSync();
    const gen = old.gen + 1;
    this.journal = new Journal(dir, gen);
    this.journalBytes = 0;
    const collections: SnapshotCollection[] = this.catalog.allCollections().map((c) => ({
      db: c.db,
      name: c.name,
      indexes: [...c.indexes.values()].map((index) => index.spec),
      docs: [...c.records.values()].map((record) => record.doc),
    }));
    try {
      this.snapshotBytes = await writeSnapshot(dir, gen, collections);
      for (const g of listJournalGens(dir)) if (g < gen) fs.rmSync(journalPath(dir, g), { force: true });
      this.log('storage compacted', { snapshotBytes: this.snapshotBytes, gen });
    } catch (err) {
      this.log('storage compaction failed; the journals are kept', { error: (err as Error).message });
    }
  }

  async close(): Promise<void> {
    await this.compacting;
    this.journal?.closeSync();
    this.journal = undefined;
    this.releaseLock?.();
    this.releaseLock = undefined;
  }
}
