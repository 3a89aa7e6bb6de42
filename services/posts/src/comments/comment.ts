import type { Comment as WireComment } from '@devcircle/contracts';
import type { ObjectId } from 'mongodb';
import type { AuthorView } from '../authors/author';

/** One document of `comments`. A deleted comment is removed, so it can never be shown. */
export interface Comment {
  _id: ObjectId;
  postId: ObjectId;
  userId: ObjectId;
  text: string;
  createdAt: Date;
  updatedAt: Date;
}

/** A comment in every response: the contract's wire type, dates as ISO strings. */
export type CommentView = WireComment;

export function toCommentView(comment: Comment, user: AuthorView): CommentView {
  return {
    _id: comment._id.toHexString(),
    user,
    text: comment.text,
    createdAt: comment.createdAt.toISOString(),
    updatedAt: comment.updatedAt.toISOString(),
  };
}
