import type { ObjectId } from 'mongodb';

/**
 * One document of `bookmarks`: a member saved a post. The unique `(postId, userId)` index keeps it to one per
 * member and post; `_id` orders a member's list (the most recently saved first). Nothing else refers to it: no
 * event, no count on the post (a member's saves are theirs alone).
 */
export interface Bookmark {
  _id: ObjectId;
  userId: ObjectId;
  postId: ObjectId;
  createdAt: Date;
}
