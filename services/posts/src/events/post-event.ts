import type { ObjectId } from 'mongodb';

export type PostEventType = 'like' | 'unlike' | 'comment';

/** One document of `post_events`, read by the notifications service in `_id` order. */
export interface PostEvent {
  _id: ObjectId;
  type: PostEventType;
  actor: { _id: ObjectId; username: string };
  postId: ObjectId;
  postAuthorId: ObjectId;
  commentId?: ObjectId;
  createdAt: Date;
}
