import type { Binary } from 'bson';
import type { Doc } from '../query/document';
import type { IndexSpec } from './index-spec';

/** What an update changed, in a change event's words (MongoDB's `updateDescription`). */
export interface UpdateDescription {
  updatedFields: Doc;
  removedFields: string[];
  truncatedArrays: Array<{ field: string; newSize: number }>;
}

/**
 * One durable change. Updates log the whole new document, so replaying an entry twice is harmless; an update made
 * with operators (not a replacement) also carries what it changed, for change streams.
 */
/** A collection's options that change what is recorded (mongod's `changeStreamPreAndPostImages`). */
export interface CollectionOptions {
  changeStreamPreAndPostImages?: boolean;
}

/**
 * `ui` is the collection's UUID, kept in memory for change events (not journaled). `pre` is the document before a
 * change and `images` marks a change whose pre- and post-images change streams may show: both only for a
 * collection with `changeStreamPreAndPostImages`.
 */
export type JournalEntry =
  | { op: 'insert'; db: string; coll: string; doc: Doc; ui?: Binary }
  | {
      op: 'replace';
      db: string;
      coll: string;
      doc: Doc;
      upd?: UpdateDescription;
      pre?: Doc;
      images?: true;
      ui?: Binary;
    }
  | { op: 'delete'; db: string; coll: string; id: unknown; pre?: Doc; images?: true; ui?: Binary }
  | { op: 'createCollection'; db: string; coll: string; uuid?: Binary; options?: CollectionOptions }
  | { op: 'collMod'; db: string; coll: string; options: CollectionOptions; ui?: Binary }
  | { op: 'dropCollection'; db: string; coll: string; ui?: Binary }
  | {
      op: 'renameCollection';
      db: string;
      coll: string;
      toDb: string;
      toColl: string;
      dropTarget?: boolean;
      ui?: Binary;
    }
  | { op: 'createIndex'; db: string; coll: string; spec: IndexSpec }
  | { op: 'dropIndex'; db: string; coll: string; name: string }
  | { op: 'dropDatabase'; db: string }
  /** A transaction's changes, applied all together or not at all. */
  | { op: 'applyOps'; entries: JournalEntry[] };

/** Where the engine reports each change as it makes it; the storage layer journals them. */
export interface ChangeSink {
  record(entry: JournalEntry): void;
}

export const discardChanges: ChangeSink = { record: () => undefined };

/** Collects changes instead of journaling them (a transaction's writes until it commits). */
export class CollectedChanges implements ChangeSink {
  readonly entries: JournalEntry[] = [];
  record(entry: JournalEntry): void {
    this.entries.push(entry);
  }
}
