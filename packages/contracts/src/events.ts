/**
 * The event logs between services (docs/events.md): each log is a collection its producer appends to and its
 * consumers read. Payloads are generic in the id type: the services store MongoDB ObjectIds, and this package
 * stays free of any runtime dependency.
 */

/** Each log's collection name, by producer. */
export const EVENT_LOGS = {
  /** auth: `account.registered`. */
  accounts: 'account_events',
  /** users: `profile.updated`. */
  profiles: 'profile_events',
  /** users: `account.deleted`. */
  users: 'user_events',
  /** users: `follow`, `unfollow`. */
  follows: 'follow_events',
  /** posts: likes, comments and deletions. */
  posts: 'post_events',
  /** users: `block`, `unblock`, `mute`, `unmute` (issue 20, docs/safety.md). */
  relations: 'relation_events',
  /** notifications: `content.removed`, `account.suspended` (issue 20, docs/moderation.md). */
  moderation: 'moderation_events',
} as const;
export type EventLogName = (typeof EVENT_LOGS)[keyof typeof EVENT_LOGS];

/** Who did it, as the event carries them. */
export interface EventActor<Id> {
  _id: Id;
  username: string;
}

export interface AccountRegistered<Id> {
  type: 'account.registered';
  userId: Id;
  username: string;
  displayName: string;
  /** The account's creation time (the log keeps it as the event's `createdAt`). */
  createdAt: Date;
}

/** `isPrivate` is always the profile's current value. */
export interface ProfileUpdated<Id> {
  type: 'profile.updated';
  userId: Id;
  username: string;
  displayName: string;
  isPrivate: boolean;
}

export interface AccountDeleted<Id> {
  type: 'account.deleted';
  userId: Id;
}

export interface FollowChanged<Id> {
  type: 'follow' | 'unfollow';
  actor: EventActor<Id>;
  targetId: Id;
}

/**
 * `post.deleted` and `comment.deleted` let what was made about them go too. `post.created` is recorded only for a
 * post that mentions someone, `comment.edited` only for an edit that adds a mention (their one consumer is the
 * mention notifications).
 */
export type PostEventType =
  'like' | 'unlike' | 'comment' | 'comment.edited' | 'comment.deleted' | 'post.created' | 'post.deleted';

export interface PostEvent<Id> {
  type: PostEventType;
  actor: EventActor<Id>;
  postId: Id;
  postAuthorId: Id;
  /** On `comment`, `comment.edited` and `comment.deleted`. */
  commentId?: Id;
  /**
   * On `post.created` and `comment`: the usernames written as `@name` (at most `MENTIONS_MAX`, not the actor's)
   * whose owners may see the post; for a private author only followers the posts service knows (docs/rich-text.md).
   * On `comment.edited`: only those the edit added (not in the comment's text before).
   */
  mentions?: string[];
}

/**
 * A block or mute made or taken back. `block` also ended the pair's follows in the same transaction (their
 * `unfollow` events are in `follow_events`). The relation's state is the newest event of the pair and kind.
 */
export interface RelationChanged<Id> {
  type: 'block' | 'unblock' | 'mute' | 'unmute';
  /** Who blocks (mutes). */
  ownerId: Id;
  /** Who is blocked (muted). */
  targetId: Id;
}

/**
 * A moderator's decision on a report (docs/moderation.md). `content.removed`: the posts service deletes the post or
 * the comment as its author's deletion would. `account.suspended`: auth marks the account suspended and revokes
 * its tokens. `ownerId` is whose content or account it is.
 */
export type ModerationEvent<Id> =
  | { type: 'content.removed'; kind: 'post'; postId: Id; ownerId: Id }
  | { type: 'content.removed'; kind: 'comment'; postId: Id; commentId: Id; ownerId: Id }
  | { type: 'account.suspended'; ownerId: Id };

/** What each log carries: the payload type of a log, by its name. */
export interface EventPayloads<Id> {
  account_events: AccountRegistered<Id>;
  profile_events: ProfileUpdated<Id>;
  user_events: AccountDeleted<Id>;
  follow_events: FollowChanged<Id>;
  post_events: PostEvent<Id>;
  moderation_events: ModerationEvent<Id>;
  relation_events: RelationChanged<Id>;
}

/**
 * Auth's token revocations (docs/events.md, "Token revocations"): one entry each time an account's token version
 * rises (a password change or reset, an account deletion). Every process that checks tokens (the gateway, the
 * socket server) reads the whole collection at start and follows its inserts through a change stream.
 */
export const TOKEN_REVOCATIONS = 'token_revocations';

export interface TokenRevocation<Id> {
  _id: Id;
  /** The account's id as tokens carry it (a hex string). */
  userId: string;
  /** Tokens of the account whose `tv` is below this are no longer accepted. */
  tokenVersion: number;
  createdAt: Date;
  /** Set when a later revocation of the same account is recorded; a TTL index counts from it. */
  supersededAt?: Date;
}
