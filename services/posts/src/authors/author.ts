import type { UserRef } from '@devcircle/contracts';
import type { ObjectId } from 'mongodb';

/**
 * One document of `authors`: the posts service's own copy of the names it shows, and the user's stats for the
 * profile page. `_id` is the user id. The counts are absent until the first `$inc` (read as 0).
 */
export interface Author {
  _id: ObjectId;
  username: string;
  displayName: string;
  updatedAt: Date;
  /** The user's posts. */
  postsCount?: number;
  /** Likes on the user's posts (self-likes too), the sum of their posts' `likesCount`. */
  likesReceived?: number;
  /** The `profile.updated` event the names come from, so an older one handled later changes nothing. */
  profileEventId?: ObjectId;
  /** From `profile.updated`; absent (public) until an event carrying it arrives. */
  isPrivate?: boolean;
}

/** The `stats` of a user's posts page. */
export interface AuthorStats {
  posts: number;
  likes: number;
}

export function toAuthorStats(author: Author | null): AuthorStats {
  return { posts: author?.postsCount ?? 0, likes: author?.likesReceived ?? 0 };
}

/** The `author` of a post and the `user` of a comment in every response: the contract's member reference. */
export type AuthorView = UserRef;

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
