import type { ObjectId } from 'mongodb';

/** One document of `authors`: the posts service's own copy of the names it shows. `_id` is the user id. */
export interface Author {
  _id: ObjectId;
  username: string;
  displayName: string;
  updatedAt: Date;
}

/** The `author` of a post and the `user` of a comment in every response. */
export interface AuthorView {
  _id: string;
  username: string;
  displayName: string;
}

export function toAuthorView(author: Author): AuthorView {
  return {
    _id: author._id.toHexString(),
    username: author.username,
    displayName: author.displayName || author.username,
  };
}

/** A post whose author record is missing (it never should be: the author is written with the post). */
export function unknownAuthor(id: ObjectId): AuthorView {
  return { _id: id.toHexString(), username: 'unknown', displayName: 'Unknown' };
}
