import type { CodeLanguage, Post as WirePost } from '@devcircle/contracts';
import type { ObjectId } from 'mongodb';

/** The one answer for a post that does not exist or the caller may not see (the same, so privacy does not leak). */
export const POST_NOT_FOUND = "This post doesn't exist or was deleted.";

/** One document of `posts`. The counts are kept with `$inc` after the like/comment write they count. */
export interface Post {
  _id: ObjectId;
  authorId: ObjectId;
  content: string;
  codeSnippet?: string;
  codeLanguage?: CodeLanguage;
  createdAt: Date;
  likesCount: number;
  commentsCount: number;
  /**
   * The author's privacy, copied from `authors` at creation and on every change (README "Privacy"): the feed
   * filters on it. Absent on posts written before privacy reached this service: public.
   */
  authorPrivate?: boolean;
  /** The `#tags` of `content`, lower-cased, at most `TAGS_MAX` (issue 19); absent when it has none. */
  tags?: string[];
}

/** A post in every response (README "Public API"): the contract's wire type, dates as ISO strings. */
export type PostView = WirePost;

/** What a post's view says about the one who reads it; everything else is the same for every reader. */
export type ViewerFields = Pick<PostView, 'likedByMe' | 'bookmarkedByMe'>;

/** A post's view without the reader's fields: what the feed cache keeps (docs/caching.md). */
export type PostCard = Omit<PostView, keyof ViewerFields>;
