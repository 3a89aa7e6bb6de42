/** A member as another record carries them: a post's author, a comment's writer, a list row. */
export interface UserRef {
  _id: string;
  username: string;
  displayName: string;
}

/** What anyone may see of a profile (services/users). Never the e-mail or password data. */
export interface PublicUser extends UserRef {
  /** The same as `_id` (product-spec §3 allows either). */
  id: string;
  bio: string;
  skills: string[];
  githubLink: string;
  isPrivate: boolean;
  profileCompleted: boolean;
  createdAt: string;
  followersCount: number;
  followingCount: number;
  /** The latest 50, when asked for with includeFollowersData / includeFollowingData. */
  followers?: UserRef[];
  following?: UserRef[];
}

/** A private profile as someone who neither owns nor follows it sees it. */
export type RestrictedUser = Pick<
  PublicUser,
  '_id' | 'id' | 'username' | 'displayName' | 'isPrivate' | 'createdAt'
>;

/** A profile in an answer: whole, or restricted when private to the caller. */
export type ProfileUser = PublicUser | RestrictedUser;

/** `PUT /api/users/:id`: an empty `githubLink` removes the link. */
export interface ProfileEdit {
  displayName: string;
  bio: string;
  skills: string[];
  githubLink?: string;
}
