import type { Doc } from '../query/document';
import type { IndexSpec } from './index-spec';

/** One durable change. Updates log the whole new document, so replaying an entry twice is harmless. */
export type JournalEntry =
  | { op: 'insert'; db: string; coll: string; doc: Doc }
  | { op: 'replace'; db: string; coll: string; doc: Doc }
  | { op: 'delete'; db: string; coll: string; id: unknown }
  | { op: 'createCollection'; db: string; coll: string }
  | { op: 'dropCollection'; db: string; coll: string }
  | { op: 'createIndex'; db: string; coll: string; spec: IndexSpec }
  | { op: 'dropIndex'; db: string; coll: string; name: string }
  | { op: 'dropDatabase'; db: string };

/** Where the engine reports each change as it makes it; the storage layer journals them. */
export interface ChangeSink {
  record(entry: JournalEntry): void;
}

export const discardChanges: ChangeSink = { record: () => undefined };
