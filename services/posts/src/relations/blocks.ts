import type { Filter, ObjectId } from 'mongodb';
import type { HiddenAuthor, HiddenReason } from './hidden-author';

/**
 * The reasons that hide a post itself (a block either way); a mute only keeps the author out of lists. The one
 * place that says what a block is: the queries' filter below and the in-memory hidden set (`isBlock`) both read it.
 */
export const BLOCK_REASONS: HiddenReason[] = ['block', 'blocked-by'];

/** Whether a `hidden_authors` document of this reason is a block, so that the author's posts are "not found". */
export const isBlock = (reason: HiddenReason): boolean => BLOCK_REASONS.includes(reason);

/**
 * The active blocks either way of a reader, or of any of several, whatever the author: `canSee`'s check of one
 * pair adds the author, a like batch's `$lookup` joins it to each post's author. One filter, so that the two
 * cannot come to disagree on what a block is. Either way it is points on the (readerId, authorId, reason) index
 * (test/indexes.test.ts).
 */
export const activeBlocksOf = (readers: ObjectId | ObjectId[]): Filter<HiddenAuthor> => ({
  readerId: Array.isArray(readers) ? { $in: readers } : readers,
  reason: { $in: BLOCK_REASONS },
  active: true,
});
