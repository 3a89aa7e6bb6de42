import type { ObjectId } from 'mongodb';

/** One document of `likes`: the unique `(postId, userId)` index keeps it to one per user and post. */
export interface Like {
  _id: ObjectId;
  postId: ObjectId;
  userId: ObjectId;
  createdAt: Date;
}
