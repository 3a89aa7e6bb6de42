import type { ObjectId } from 'mongodb';

/** One document of `profiles`. `_id` is the account id auth gave the user. */
export interface Profile {
  _id: ObjectId;
  username: string;
  /** Never empty: the username when the user has not chosen one. */
  displayName: string;
  bio: string;
  skills: string[];
  githubLink: string;
  isPrivate: boolean;
  createdAt: Date;
  updatedAt: Date;
  /** Kept with `$inc` after the follow insert or delete they count. */
  followersCount: number;
  followingCount: number;
  /** Lowercased names and their prefixes: a search is one equality on this multikey index. */
  searchKeys: string[];
  /** Each skill lowercased: a skill search is one equality. */
  skillKeys: string[];
}

/** What any caller may see of a profile (README "Public API"). Never email or password data. */
export interface PublicUser {
  _id: string;
  id: string;
  username: string;
  displayName: string;
  bio: string;
  skills: string[];
  githubLink: string;
  isPrivate: boolean;
  profileCompleted: boolean;
  createdAt: Date;
  followersCount: number;
  followingCount: number;
}

/** A private profile as a caller who is neither its owner nor a follower sees it. */
export interface RestrictedUser {
  _id: string;
  id: string;
  username: string;
  displayName: string;
  isPrivate: boolean;
  createdAt: Date;
}

/** An entry of a followers or following list. */
export interface UserSummary {
  _id: string;
  username: string;
  displayName: string;
}

/** Bio, skills and githubLink all set. */
export function profileCompleted(profile: Profile): boolean {
  return profile.bio !== '' && profile.skills.length > 0 && profile.githubLink !== '';
}

export function toPublicUser(profile: Profile): PublicUser {
  const id = profile._id.toHexString();
  return {
    _id: id,
    id,
    username: profile.username,
    displayName: profile.displayName || profile.username,
    bio: profile.bio,
    skills: profile.skills,
    githubLink: profile.githubLink,
    isPrivate: profile.isPrivate,
    profileCompleted: profileCompleted(profile),
    createdAt: profile.createdAt,
    followersCount: profile.followersCount,
    followingCount: profile.followingCount,
  };
}

export function toRestrictedUser(profile: Profile): RestrictedUser {
  const id = profile._id.toHexString();
  return {
    _id: id,
    id,
    username: profile.username,
    displayName: profile.displayName || profile.username,
    isPrivate: profile.isPrivate,
    createdAt: profile.createdAt,
  };
}

export function toSummary(profile: Pick<Profile, '_id' | 'username' | 'displayName'>): UserSummary {
  return {
    _id: profile._id.toHexString(),
    username: profile.username,
    displayName: profile.displayName || profile.username,
  };
}
