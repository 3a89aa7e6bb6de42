import type { Doc } from '../query/document';

/**
 * A stored document. Records and their documents are never mutated: an update stores a new record with the
 * same `rid`, so a cursor or a snapshot holding the old one keeps a consistent view.
 */
export interface DocRecord {
  readonly rid: number;
  readonly doc: Doc;
}
