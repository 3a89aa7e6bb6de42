import { distinctIds } from '@devcircle/service-kit';
import type { ClientSession, Db, ObjectId } from 'mongodb';
import type { FollowPair } from '../follows/follow';
import { FOLLOWS } from '../follows/indexes';
import type { Post } from '../posts/post';

/** One reader and one post, whose author they may or may not see. */
export interface ReaderOfPost {
  post: Pick<Post, 'authorId' | 'authorPrivate'>;
  viewer: ObjectId;
}

/** What was read about one reader and one post's author. */
export interface Between {
  /** A block either way stands between them. */
  blocked: boolean;
  /** The reader follows the author (only asked when the author is private). */
  following: boolean;
}

/**
 * The rule of `canSee` (visibility.ts), once what it depends on is read, so that a batch reading it for many
 * readers at once keeps the same rule: the author sees their own post; a block either way hides it; a private
 * author's post needs a follow.
 */
export function visibleGiven(reader: ReaderOfPost, between: Between): boolean {
  if (reader.post.authorId.equals(reader.viewer)) return true;
  return !between.blocked && (reader.post.authorPrivate !== true || between.following);
}

export const readerAuthorPair = (reader: ObjectId, author: ObjectId): string =>
  `${reader.toHexString()} ${author.toHexString()}`;

/**
 * Which readers follow the private authors among the posts (`readerAuthorPair`s): one read on the follows' pair
 * index, and none at all when no post of a private author is read by someone else (the usual batch).
 */
export async function followsOfPrivateAuthors(
  db: Db,
  readers: ReaderOfPost[],
  session?: ClientSession,
): Promise<Set<string>> {
  const asked = readers.filter(
    ({ post, viewer }) => post.authorPrivate === true && !post.authorId.equals(viewer),
  );
  if (asked.length === 0) return new Set();
  const follows = await db
    .collection<FollowPair>(FOLLOWS)
    .find(
      {
        followerId: { $in: distinctIds(asked.map(({ viewer }) => viewer)) },
        followeeId: { $in: distinctIds(asked.map(({ post }) => post.authorId)) },
        following: true,
      },
      { projection: { _id: 0, followerId: 1, followeeId: 1 }, session },
    )
    .toArray();
  return new Set(follows.map(({ followerId, followeeId }) => readerAuthorPair(followerId, followeeId)));
}
