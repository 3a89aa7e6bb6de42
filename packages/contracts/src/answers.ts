/**
 * The answers of the list and page endpoints (services/posts and services/users READMEs): what the services put
 * around the records of posts.ts and users.ts, and the screens unwrap.
 */
import type { CursorPage, ProfilePagination } from './pagination';
import type { Comment, Post } from './posts';
import type { ProfileUser, UserRef } from './users';

/** `GET /api/posts?limit=&before=`: a feed page, newest first. */
export interface FeedPage extends CursorPage {
  posts: Post[];
}

/** `GET /api/posts/:id/comments?before=&limit=`: comments older than the post carries, newest first. */
export interface CommentsPage {
  comments: Comment[];
  hasMore: boolean;
}

/** A user's post count and the likes their posts received. */
export interface PostStats {
  posts: number;
  likes: number;
}

/** `GET /api/users/:username/posts?page=&limit=`: one page of a profile's posts, newest first. */
export interface ProfilePostsPage {
  posts: Post[];
  pagination: ProfilePagination;
}

/** `GET /api/users/:username`: the profile, the first page of its posts, and what the caller may see. */
export interface ProfileAnswer extends ProfilePostsPage {
  user: ProfileUser;
  /** Absent while the posts service cannot say. */
  stats?: PostStats;
  isFollowing: boolean;
  /** False for a private profile the caller neither owns nor follows: `user` is restricted, `posts` empty. */
  canView: boolean;
  /** Why the profile cannot be seen (with `canView: false`). */
  message?: string;
  /** The posts service could not be reached: `posts` is empty for that reason, not because there are none. */
  postsUnavailable?: boolean;
  /** Present (true) only when the caller blocks / mutes this member (issue 20). */
  blockedByMe?: boolean;
  mutedByMe?: boolean;
}

export type FollowList = 'followers' | 'following';

/** `GET /api/users/:username/followers` (or `/following`) `?page=`: `{ followers: [...], hasMore }`. */
export type FollowListPage<List extends FollowList> = { [Key in List]: UserRef[] } & { hasMore: boolean };

/** `PUT /api/users/:username/follow` (or `/unfollow`): the followee with its new counts, as the caller sees it. */
export interface FollowAnswer {
  user: ProfileUser;
  isFollowing: boolean;
}
