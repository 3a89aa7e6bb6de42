import type { Post, ProfileAnswer, PublicUser, RestrictedUser } from '@devcircle/contracts';

/**
 * A profile as the screens read it: the contract's ProfileUser without narrowing first. What a restricted
 * profile carries is always there; the rest of a public profile only when the caller may see it.
 */
export type ProfileView = RestrictedUser & Partial<Omit<PublicUser, keyof RestrictedUser>>;

/** What the profile shows of a post (the answer carries whole posts). */
export type ProfilePost = Pick<
  Post,
  | '_id'
  | 'author'
  | 'content'
  | 'codeSnippet'
  | 'codeLanguage'
  | 'createdAt'
  | 'likes'
  | 'likedByMe'
  | 'commentsCount'
>;

/** The profile answer as the screens hold it: its user and posts read as above. */
export type ProfileResponse = Omit<ProfileAnswer, 'user' | 'posts'> & {
  user: ProfileView;
  posts: ProfilePost[];
};
