import { serialize, type ObjectId } from 'bson';
import type { Catalog } from '../engine/catalog';
import { discardChanges, type ChangeSink, type JournalEntry } from '../engine/journal-entry';
import type { DocRecord } from '../engine/record';
import { MongoCommandError } from '../errors';
import { applyAtomically } from './apply-atomically';
import { SESSION_IDLE_MS } from './local-sessions';
import type { SessionStamp } from './oplog';
import type { Store } from '../storage/store';

const TRANSIENT = { errorLabels: ['TransientTransactionError'] };

export function writeConflict(): MongoCommandError {
  return new MongoCommandError(
    'WriteConflict',
    'Write conflict during plan execution and yielding is disabled. :: Please retry your operation or multi-document transaction.',
    TRANSIENT,
  );
}

export function noSuchTransaction(txnNumber: number, why = ''): MongoCommandError {
  return new MongoCommandError(
    'NoSuchTransaction',
    `Transaction with { txnNumber: ${txnNumber} } has been aborted${why ? `: ${why}` : ''}.`,
    TRANSIENT,
  );
}

/**
 * A document's identity across collections: namespace and `_id`. An ObjectId (nearly every `_id`) is its hex,
 * marked apart; any other value its BSON bytes, so every type compares exactly. Either way from the stored
 * document's own `_id`, so every writer of a document makes the same key.
 */
function documentKey(db: string, coll: string, id: unknown): string {
  if (isObjectId(id)) return `${db}.${coll}\0o${id.toHexString()}`;
  return `${db}.${coll}\0b${Buffer.from(serialize({ id })).toString('base64')}`;
}

/** By its BSON type tag, as the bson package itself tells its values apart (whichever copy made it). */
function isObjectId(value: unknown): value is ObjectId {
  return (value as { _bsontype?: unknown } | null)?._bsontype === 'ObjectId';
}

function changedId(entry: JournalEntry): unknown {
  if (entry.op === 'insert' || entry.op === 'replace') return entry.doc._id;
  if (entry.op === 'delete') return entry.id;
  return undefined;
}

/**
 * One multi-document transaction. It reads and writes a copy-on-write snapshot of the catalog taken when it
 * starts (snapshot isolation); its changes are collected, not journaled. A document it writes is claimed: another
 * transaction that writes it, or a write already committed since the snapshot, is a WriteConflict (first writer
 * wins, as in mongod). Commit checks the claims again and applies the collected changes as one journal entry.
 */
export class Transaction implements ChangeSink {
  state: 'active' | 'committed' | 'aborted' = 'active';
  abortReason = '';
  readonly catalog: Catalog;
  readonly entries: JournalEntry[] = [];
  /** The catalog as the snapshot saw it, never written: what a claimed document was when the transaction began. */
  private readonly base: Catalog;
  readonly claims = new Map<string, { db: string; coll: string; id: unknown }>();
  /**
   * How many changes had been logged when the snapshot was taken: every change to the live catalog is logged (the
   * oplog's `pendingEnd` counts them), so the same number at commit means the live catalog is still the snapshot.
   */
  readonly loggedBefore: number;
  private readonly timer: NodeJS.Timeout;

  constructor(
    readonly stamp: SessionStamp,
    private readonly manager: TransactionManager,
    live: Catalog,
    lifetimeMs: number,
  ) {
    this.catalog = live.snapshot(this);
    this.base = live.snapshot(discardChanges);
    this.loggedBefore = manager.loggedChanges;
    this.timer = setTimeout(() => this.abort('exceeded the transaction lifetime limit'), lifetimeMs);
    this.timer.unref();
  }

  record(entry: JournalEntry): void {
    this.entries.push(entry);
    const id = changedId(entry);
    if (id === undefined || !('coll' in entry)) return;
    const key = documentKey(entry.db, entry.coll, id);
    if (this.claims.has(key)) return;
    const holder = this.manager.claimed.get(key);
    if ((holder && holder !== this) || this.changedSinceSnapshot(entry.db, entry.coll, id))
      throw writeConflict();
    this.claims.set(key, { db: entry.db, coll: entry.coll, id });
    this.manager.claimed.set(key, this);
  }

  private baseRecord(db: string, coll: string, id: unknown): DocRecord | undefined {
    return this.base.getCollection(db, coll)?.findById(id);
  }

  /** Stored versions are immutable and shared by snapshots: other bytes mean someone committed a change. */
  changedSinceSnapshot(db: string, coll: string, id: unknown): boolean {
    return (
      this.manager.live.getCollection(db, coll)?.findById(id)?.bson !== this.baseRecord(db, coll, id)?.bson
    );
  }

  abort(reason = 'aborted'): void {
    if (this.state !== 'active') return;
    this.state = 'aborted';
    this.abortReason = reason;
    this.release();
  }

  release(): void {
    clearTimeout(this.timer);
    for (const key of this.claims.keys())
      if (this.manager.claimed.get(key) === this) this.manager.claimed.delete(key);
  }
}

/** The transactions in progress and the claims they hold; commits them into the live catalog. */
export class TransactionManager {
  readonly claimed = new Map<string, Transaction>();
  /** Per session (id in hex): the highest txnNumber seen and its transaction. */
  private readonly sessions = new Map<string, { txnNumber: number; txn: Transaction; at: number }>();

  constructor(
    readonly live: Catalog,
    private readonly store: Store,
    private readonly lifetimeMs = 60_000,
  ) {}

  /** Changes logged so far (see `Transaction.loggedBefore`). */
  get loggedChanges(): number {
    return this.store.oplog.pendingEnd;
  }

  begin(session: string, stamp: SessionStamp): Transaction {
    const known = this.sessions.get(session);
    if (known && stamp.txnNumber < known.txnNumber) throw transactionTooOld(stamp.txnNumber, known.txnNumber);
    if (known && stamp.txnNumber === known.txnNumber) {
      throw new MongoCommandError(
        'ConflictingOperationInProgress',
        `Cannot start transaction ${stamp.txnNumber} on session ${session} because a newer transaction with the same number has already started`,
      );
    }
    // Starting a newer transaction ends the session's previous one.
    known?.txn.abort('a newer transaction started on the session');
    const txn = new Transaction(stamp, this, this.live, this.lifetimeMs);
    this.sessions.set(session, { txnNumber: stamp.txnNumber, txn, at: Date.now() });
    return txn;
  }

  /** The session's transaction with this number, which must still be open. */
  get(session: string, txnNumber: number): Transaction {
    const known = this.sessions.get(session);
    if (!known || known.txnNumber !== txnNumber) {
      if (known && txnNumber < known.txnNumber) throw transactionTooOld(txnNumber, known.txnNumber);
      throw noSuchTransaction(txnNumber);
    }
    known.at = Date.now();
    if (known.txn.state === 'aborted') throw noSuchTransaction(txnNumber, known.txn.abortReason);
    return known.txn;
  }

  /** The session's transaction with this number in whatever state it is (commit and abort are retried). */
  find(session: string, txnNumber: number): Transaction | undefined {
    const known = this.sessions.get(session);
    return known && known.txnNumber === txnNumber ? known.txn : undefined;
  }

  /** A retryable write on the session ends any transaction it has open. */
  endFor(session: string, txnNumber: number): void {
    const known = this.sessions.get(session);
    if (known && txnNumber > known.txnNumber) known.txn.abort('a newer write started on the session');
  }

  /** Applies the transaction's changes to the live catalog all at once, or fails leaving everything as it was. */
  commit(txn: Transaction): void {
    if (txn.state === 'committed') return;
    if (txn.state === 'aborted') throw noSuchTransaction(txn.stamp.txnNumber, txn.abortReason);
    for (const { db, coll, id } of txn.claims.values()) {
      if (txn.changedSinceSnapshot(db, coll, id)) {
        txn.abort('write conflict at commit');
        throw writeConflict();
      }
    }
    // The trial run inside catches what the claims cannot (a unique key taken by another document meanwhile).
    try {
      // Nothing committed since the snapshot: the changes already succeeded on this very state (no trial run).
      const unchangedSince = this.loggedChanges === txn.loggedBefore;
      applyAtomically(
        this.live,
        this.store,
        txn.entries,
        txn.stamp,
        unchangedSince ? txn.catalog : undefined,
      );
    } catch (err) {
      txn.abort('the commit failed');
      throw err;
    }
    txn.state = 'committed';
    txn.release();
  }

  /** A session the client ended (endSessions, killSessions): its open transaction is aborted. */
  endSession(session: string): void {
    this.sessions.get(session)?.txn.abort('the session ended');
    this.sessions.delete(session);
  }

  /** Forgets sessions idle for longer than mongod's 30 minutes. */
  sweep(idleMs = SESSION_IDLE_MS): void {
    const cutoff = Date.now() - idleMs;
    for (const [session, known] of this.sessions) {
      if (known.at >= cutoff) continue;
      known.txn.abort('the session expired');
      this.sessions.delete(session);
    }
  }
}

export function transactionTooOld(txnNumber: number, current: number): MongoCommandError {
  return new MongoCommandError(
    'TransactionTooOld',
    `Cannot start transaction ${txnNumber} on session because a newer transaction ${current} has already started.`,
  );
}
