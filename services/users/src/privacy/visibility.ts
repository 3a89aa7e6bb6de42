import type { ObjectId } from 'mongodb';
import type { UsersContext } from '../context';
import type { Profile } from '../profiles/profile';

/** What a viewer may see of a profile, and whether they follow it. */
export interface Visibility {
  canView: boolean;
  isOwner: boolean;
  isFollowing: boolean;
}

/**
 * A public profile is visible to anyone; a private one to its owner and its followers only (README "Public
 * API"). One lookup on the unique pair index, which also answers `isFollowing`.
 */
export async function visibilityOf(
  app: UsersContext,
  profile: Profile,
  viewer: ObjectId,
): Promise<Visibility> {
  const isOwner = profile._id.equals(viewer);
  const isFollowing = isOwner ? false : await app.follows.exists(viewer, profile._id);
  return { canView: !profile.isPrivate || isOwner || isFollowing, isOwner, isFollowing };
}

/** Of many profiles (search results), the hex ids the viewer may see in full: one `$in` for the private ones. */
export async function visibleAmong(
  app: UsersContext,
  profiles: Profile[],
  viewer: ObjectId,
): Promise<Set<string>> {
  const privateOthers = profiles.filter((p) => p.isPrivate && !p._id.equals(viewer)).map((p) => p._id);
  const followed = await app.follows.followedAmong(viewer, privateOthers);
  return new Set(
    profiles
      .filter((p) => !p.isPrivate || p._id.equals(viewer) || followed.has(p._id.toHexString()))
      .map((p) => p._id.toHexString()),
  );
}
