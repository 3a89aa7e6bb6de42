import type { Catalog } from '../engine/catalog';
import type { Collection } from '../engine/collection';
import { discardChanges, type JournalEntry } from '../engine/journal-entry';
import type { Store } from '../storage/store';
import type { SessionStamp } from './oplog';

/**
 * Applies several changes as one: first on a copy-on-write copy of the catalog (so a failure — a unique key taken
 * meanwhile — leaves everything as it was), then on the live catalog, logged as a single journal entry that a
 * crash keeps whole or not at all. Used by a transaction's commit and by `$out`.
 *
 * `madeOn`: the snapshot the changes were already made on, without a failure, when it was taken of the catalog
 * exactly as it is now (a transaction nothing was committed beside since it began). On the same state they cannot
 * fail, so there is no trial run; and when they are only document writes to collections that both sides hold alike,
 * the live collections take the snapshot's documents and index entries as they are (shared copy-on-write) instead
 * of encoding and indexing every document once more. Both were a tenth of the database's CPU each while like
 * toggles and post creates committed in batches.
 */
export function applyAtomically(
  live: Catalog,
  store: Store,
  entries: JournalEntry[],
  stamp?: SessionStamp,
  madeOn?: Catalog,
): void {
  const adopted = madeOn ? adoptable(live, madeOn, entries) : undefined;
  if (adopted) {
    for (const [collection, changed] of adopted) collection.adoptChanges(changed);
  } else {
    if (!madeOn) {
      const trial = live.snapshot(discardChanges);
      for (const entry of entries) trial.apply(entry);
    }
    const sink = live.changes;
    live.changes = discardChanges;
    try {
      for (const entry of entries) live.apply(entry);
    } finally {
      live.changes = sink;
    }
  }
  if (entries.length > 0) store.recordTransaction(entries, stamp);
}

/**
 * Each live collection the entries write, with its changed copy in `madeOn`, when every entry is an insert, replace
 * or delete of a document in a collection both hold with the same identity and indexes; otherwise undefined (the
 * entries are applied one by one).
 */
function adoptable(
  live: Catalog,
  madeOn: Catalog,
  entries: JournalEntry[],
): Map<Collection, Collection> | undefined {
  const pairs = new Map<Collection, Collection>();
  const seen = new Set<string>();
  for (const entry of entries) {
    if (entry.op !== 'insert' && entry.op !== 'replace' && entry.op !== 'delete') return undefined;
    const ns = `${entry.db}.${entry.coll}`;
    if (seen.has(ns)) continue;
    seen.add(ns);
    const collection = live.getCollection(entry.db, entry.coll);
    const changed = madeOn.getCollection(entry.db, entry.coll);
    if (!collection || !changed || !collection.canAdopt(changed)) return undefined;
    pairs.set(collection, changed);
  }
  return pairs;
}
