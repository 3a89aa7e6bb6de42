import type { Comment as WireComment, Post as WirePost, UserRef } from '@devcircle/contracts';

/**
 * A comment as the screens take it: the contract's, except that its user may be missing. The posts service
 * always sends one, but product-spec §2 hides a comment without a user, so the screens check rather than trust.
 */
export type Comment = Omit<WireComment, 'user'> & { user: UserRef | null };

/** A post as the screens take it: the contract's, with its comments as above. */
export type Post = Omit<WirePost, 'comments'> & { comments: Comment[] };
