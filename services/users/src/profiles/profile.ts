import type {
  PublicUser as WirePublicUser,
  RestrictedUser as WireRestrictedUser,
  UserRef,
} from '@devcircle/contracts';
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

/**
 * What any caller may see of a profile (README "Public API"): the contract's type without the follower lists,
 * which the profile route adds when asked. Never e-mail or password data.
 */
export type PublicUser = Omit<WirePublicUser, 'followers' | 'following'>;

/** A private profile as a caller who is neither its owner nor a follower sees it (the contract's type). */
export type RestrictedUser = WireRestrictedUser;

/** An entry of a followers or following list: the contract's member reference. */
export type UserSummary = UserRef;

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
    createdAt: profile.createdAt.toISOString(),
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
    createdAt: profile.createdAt.toISOString(),
  };
}

export function toSummary(profile: Pick<Profile, '_id' | 'username' | 'displayName'>): UserSummary {
  return {
    _id: profile._id.toHexString(),
    username: profile.username,
    displayName: profile.displayName || profile.username,
  };
}
