/** A user as a list row or a post's author carries it. */
export interface UserRef {
  _id: string;
  username: string;
  displayName: string;
}

/** A profile as the users service answers it (services/users/README.md "public user"). */
export interface PublicUser extends UserRef {
  id: string;
  bio?: string;
  skills?: string[];
  githubLink?: string;
  isPrivate: boolean;
  profileCompleted?: boolean;
  createdAt: string;
  /** Absent when the profile is private and the caller may not see it. */
  followersCount?: number;
  followingCount?: number;
  /** The latest 50, when asked for with includeFollowersData / includeFollowingData. */
  followers?: UserRef[];
  following?: UserRef[];
}

/** A post as the profile lists it (the posts service's shape, services/posts/README.md). */
export interface ProfilePost {
  _id: string;
  author: UserRef;
  content: string;
  codeSnippet?: string;
  codeLanguage?: string;
  createdAt: string;
  likes: number;
  likedByMe: boolean;
  commentsCount: number;
}

export interface ProfilePagination {
  current: number;
  pages: number;
  total: number;
  hasMore: boolean;
}

export interface ProfileResponse {
  user: PublicUser;
  posts: ProfilePost[];
  pagination: ProfilePagination;
  stats?: { posts: number; likes: number };
  isFollowing: boolean;
  /** False for a private profile the caller neither owns nor follows. */
  canView: boolean;
  message?: string;
  postsUnavailable?: boolean;
}

export interface ProfileEdit {
  displayName: string;
  bio: string;
  skills: string[];
  githubLink?: string;
}
