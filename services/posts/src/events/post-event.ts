import type { ObjectId } from 'mongodb';

/** The log the posts service produces (docs/events.md), read by the notifications service. */
export const POST_EVENTS = 'post_events';

/** `post.deleted` and `comment.deleted` let the notifications about them go too. */
export type PostEventType = 'like' | 'unlike' | 'comment' | 'comment.deleted' | 'post.deleted';

/** One document of `post_events`, as `recordEvent` stores it. */
export interface PostEvent {
  _id: ObjectId;
  type: PostEventType;
  actor: { _id: ObjectId; username: string };
  postId: ObjectId;
  postAuthorId: ObjectId;
  commentId?: ObjectId;
  createdAt: Date;
}
