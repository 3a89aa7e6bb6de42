import fs from 'node:fs';
import { Timestamp, type Document } from 'bson';
import { Catalog } from '../engine/catalog';
import { discardChanges, type ChangeSink, type JournalEntry } from '../engine/journal-entry';
import { ClusterClock, fromTimestamp, toTimestamp, type OpTime } from '../replication/clock';
import { SESSION_IDLE_MS } from '../replication/local-sessions';
import {
  encodeChange,
  isEncodedChange,
  namespacesOfEntries,
  Oplog,
  timeOfChange,
  type OplogLimits,
  type SessionStamp,
} from '../replication/oplog';
import { Journal, journalPath, listJournalGens, replayJournal } from './journal';
import { acquireLock } from './lock';
import { readSnapshot, writeSnapshot, type StoredCollection } from './snapshot';

export interface StoreOptions {
  /** Data directory; undefined keeps everything in memory (nothing survives a restart). */
  dbpath?: string;
  /** Journal bytes that trigger a compaction, at the least (the journal may also grow to the snapshot's size). */
  compactAfterBytes?: number;
  log?: (message: string, fields?: Record<string, unknown>) => void;
  /** How much history change streams can resume from. Default: 24 hours, at most 64 MiB. */
  oplog?: Partial<OplogLimits>;
}

const REPLAY_PUBLISH_EVERY = 4096;
const DEFAULT_COMPACT_BYTES = 64 * 1024 * 1024;
export const DEFAULT_OPLOG_LIMITS: OplogLimits = { windowMs: 24 * 3600_000, maxBytes: 64 * 1024 * 1024 };

/** A retryable write's outcome, kept so that a retry of the same (session, txnNumber) is answered, not re-run. */
export interface SessionWrite {
  /** The session id's hex form. */
  session: string;
  txnNumber: number;
  reply: Document;
  /** When the session last wrote (ms), to forget idle sessions as mongod does after 30 minutes. */
  at: number;
}

type StoredEntry = JournalEntry | ({ op: 'sessionWrite' } & SessionWrite);

/**
 * Durability for the catalog: every change is appended to the journal as it happens, and a command is
 * acknowledged only after `commit()` has synced it. Compaction writes a snapshot and drops older journals.
 */
export class Store implements ChangeSink {
  readonly catalog: Catalog;
  readonly clock = new ClusterClock();
  readonly oplog: Oplog;
  /** The last retryable write of each session, by session id. */
  readonly sessionWrites = new Map<string, SessionWrite>();
  /** Set while a transaction commits: its changes are logged as one entry with this stamp. */
  private session?: SessionStamp;
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
    this.oplog = new Oplog({ ...DEFAULT_OPLOG_LIMITS, ...options.oplog });
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
        const { collection } = this.catalog.ensureCollection(coll.db, coll.name, {
          uuid: coll.uuid,
          options: coll.options,
        });
        for (const spec of coll.indexes) if (spec.name !== '_id_') collection.createIndex(spec);
        for (const doc of coll.docs) collection.insert(doc);
      }
      if (snapshot) {
        const newest = this.oplog.appendPacked(snapshot.oplog);
        if (newest !== undefined) this.clock.observe(newest);
        for (const doc of snapshot.sessionWrites) this.restoreSessionWrite(doc as unknown as SessionWrite);
        // History before a snapshot without an oplog (an older data directory) is unknown.
        this.oplog.lostUpTo =
          snapshot.lostUpTo instanceof Timestamp
            ? fromTimestamp(snapshot.lostUpTo)
            : snapshot.oplogCount === 0
              ? this.clock.current()
              : 0n;
      }
      this.snapshotBytes = snapshot?.bytes ?? 0;
      const gens = listJournalGens(dir);
      let replayed = 0;
      for (const gen of gens) {
        if (gen < fromGen) {
          fs.rmSync(journalPath(dir, gen), { force: true }); // already inside the snapshot
          continue;
        }
        const { entries, bytes } = replayJournal(journalPath(dir, gen), (entry, payload) =>
          this.replay(entry, payload),
        );
        this.journalBytes += bytes;
        replayed += entries;
      }
      this.journal = new Journal(dir, Math.max(fromGen, (gens.at(-1) ?? 0) + 1));
      this.oplog.publish(); // everything replayed is durable
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

  private replay(stored: Document, payload: Buffer): void {
    const entry = stored as StoredEntry;
    if (entry.op === 'sessionWrite') {
      this.restoreSessionWrite(entry);
      return;
    }
    this.catalog.apply(entry);
    // Replayed changes are durable: publishing now and then lets the oplog's caps apply during a long replay.
    if (this.oplog.pendingEnd % REPLAY_PUBLISH_EVERY === 0) this.oplog.publish();
    if (isEncodedChange(payload)) {
      this.clock.observe(timeOfChange(payload, 0));
      this.oplog.append(payload);
      return;
    }
    // Older data directories journaled the time last, or (before the oplog) not at all: such a change gets one now.
    const { ts, wall, session, ...change } = stored;
    const time = ts instanceof Timestamp ? fromTimestamp(ts) : this.clock.tick();
    this.clock.observe(time);
    const made = typeof wall === 'number' ? wall : Date.now();
    this.oplog.append(encodeChange(change as JournalEntry, time, made, session as SessionStamp | undefined));
  }

  private restoreSessionWrite(write: SessionWrite): void {
    const { session, txnNumber, reply, at } = write;
    const known = this.sessionWrites.get(session);
    if (!known || known.txnNumber <= txnNumber)
      this.sessionWrites.set(session, { session, txnNumber, reply, at });
  }

  /** Gives the change the next time, journals it and adds it to the oplog (visible once committed). */
  record(entry: JournalEntry): void {
    const payload = encodeChange(entry, this.clock.tick(), Date.now(), this.session);
    this.journal?.appendPayload(payload);
    // A commit's bytes do not say which namespaces it changed: its changes do (streams of others are not woken).
    this.oplog.append(payload, entry.op === 'applyOps' ? namespacesOfEntries(entry.entries) : undefined);
  }

  /** Logs changes as one entry: one journal record (all or nothing), one time, and a transaction's session. */
  recordTransaction(entries: JournalEntry[], stamp?: SessionStamp): OpTime {
    this.session = stamp;
    try {
      this.record({ op: 'applyOps', entries });
    } finally {
      this.session = undefined;
    }
    return this.clock.current();
  }

  /** Remembers a retryable write's reply durably (it is journaled with the write and synced by its commit). */
  recordSessionWrite(write: SessionWrite): void {
    this.sessionWrites.set(write.session, write);
    this.journal?.append({ op: 'sessionWrite', ...write });
  }

  /** Forgets the retryable writes of sessions idle for longer than mongod's 30 minutes. */
  forgetIdleSessions(idleMs = SESSION_IDLE_MS): void {
    const cutoff = Date.now() - idleMs;
    for (const [session, write] of this.sessionWrites)
      if (write.at < cutoff) this.sessionWrites.delete(session);
  }

  /** Resolves when every change made so far is on disk; then change streams see them. */
  async commit(): Promise<void> {
    if (!this.journal) {
      this.oplog.publish();
      return;
    }
    const upTo = this.oplog.pendingEnd;
    await this.journal.flush();
    this.oplog.publish(upTo);
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
    const collections: StoredCollection[] = this.catalog.allCollections().map((c) => ({
      db: c.db,
      name: c.name,
      uuid: c.uuid,
      options: c.options,
      indexes: [...c.indexes.values()].map((index) => index.spec),
      stored: [...c.records()].map((record) => record.bson),
    }));
    // Everything recorded so far is in the old journal, which closeSync made durable: all of it is history now.
    this.oplog.publish();
    const history = {
      oplog: this.oplog.retained(),
      lostUpTo: this.oplog.lostUpTo > 0n ? toTimestamp(this.oplog.lostUpTo) : undefined,
      sessionWrites: [...this.sessionWrites.values()] as unknown as Document[],
    };
    try {
      this.snapshotBytes = await writeSnapshot(dir, gen, collections, history);
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
