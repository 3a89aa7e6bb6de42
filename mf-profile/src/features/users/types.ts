import type { ProfileAnswer, PublicUser, RestrictedUser } from '@devcircle/contracts';
import type { Post } from '@devcircle/ui/post-card';

/**
 * A profile as the screens read it: the contract's ProfileUser without narrowing first. What a restricted
 * profile carries is always there; the rest of a public profile only when the caller may see it.
 */
export type ProfileView = RestrictedUser & Partial<Omit<PublicUser, keyof RestrictedUser>>;

/** A post of the profile: the answer carries whole posts, shown with the feed's own card (issue 21). */
export type ProfilePost = Post;

/** The profile answer as the screens hold it: its user and posts read as above. */
export type ProfileResponse = Omit<ProfileAnswer, 'user' | 'posts'> & {
  user: ProfileView;
  posts: ProfilePost[];
};
