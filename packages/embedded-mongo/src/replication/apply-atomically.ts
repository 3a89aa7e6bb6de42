import type { Catalog } from '../engine/catalog';
import { discardChanges, type JournalEntry } from '../engine/journal-entry';
import type { Store } from '../storage/store';
import type { SessionStamp } from './oplog';

/**
 * Applies several changes as one: first on a copy-on-write copy of the catalog (so a failure — a unique key taken
 * meanwhile — leaves everything as it was), then on the live catalog, logged as a single journal entry that a
 * crash keeps whole or not at all. Used by a transaction's commit and by `$out`.
 *
 * `tried`: the changes were already made, without a failure, on a snapshot of the catalog exactly as it is now (a
 * transaction nothing was committed beside since it began): on the same state they cannot fail, and the trial run is
 * skipped. It was a tenth of the database's CPU while like toggles and post creates committed in batches (each
 * document encoded and indexed once more).
 */
export function applyAtomically(
  live: Catalog,
  store: Store,
  entries: JournalEntry[],
  stamp?: SessionStamp,
  tried = false,
): void {
  if (!tried) {
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
  if (entries.length > 0) store.recordTransaction(entries, stamp);
}
