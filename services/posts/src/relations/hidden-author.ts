import type { ObjectId } from 'mongodb';

/**
 * Why an author is hidden from a reader (docs/safety.md): the reader blocks them, they block the reader, or the
 * reader mutes them. A block makes two documents (one for each side), a mute one.
 */
export type HiddenReason = 'block' | 'blocked-by' | 'mute';

/**
 * One document of `hidden_authors`: the posts service's copy of the users service's blocks and mutes, from
 * `relation_events`, kept per reader so that a reader's whole hidden set is one indexed read. An unblock or unmute
 * keeps the document with `active: false`, so its event `_id` still stops an older event from bringing it back.
 */
export interface HiddenAuthor {
  _id: ObjectId;
  readerId: ObjectId;
  authorId: ObjectId;
  reason: HiddenReason;
  active: boolean;
  /** The last applied event of this reader, author and reason. */
  eventId: ObjectId;
  updatedAt: Date;
}

/** Whom a reader does not see: all of them for lists, and those hidden by a block either way (hex ids). */
export interface HiddenSet {
  authors: ObjectId[];
  all: Set<string>;
  blocked: Set<string>;
}

export const NOTHING_HIDDEN: HiddenSet = { authors: [], all: new Set(), blocked: new Set() };
