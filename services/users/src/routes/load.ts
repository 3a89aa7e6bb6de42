import { notFound, type Caller } from '@devcircle/service-kit';
import type { UsersContext } from '../context';
import { PROFILE_NOT_FOUND } from '../profiles/messages';
import { ownProfile } from '../profiles/own-profile';
import type { Profile } from '../profiles/profile';

/** What the caller holds against a profile's owner (block, mute), read with the profile. */
export interface RelationToProfile {
  blocks: boolean;
  mutes: boolean;
}

export interface LoadedProfile extends Profile {
  relation: RelationToProfile;
}

/**
 * The profile a path names by username (case-insensitively); 404 when there is none, and the same 404 when its
 * owner blocks the caller (docs/safety.md: a blocker looks missing to the blocked), unless `evenIfBlocked`. The
 * caller's own username finds the caller's profile even before auth's `account.registered` has been handled.
 */
export async function loadProfile(
  app: UsersContext,
  username: string | undefined,
  caller: Caller,
  { evenIfBlocked = false }: { evenIfBlocked?: boolean } = {},
): Promise<LoadedProfile> {
  const name = username ?? '';
  const profile = name ? await app.profiles.findByUsername(name) : null;
  if (!profile) {
    if (name && name.toLowerCase() === caller.username.toLowerCase())
      return { ...(await ownProfile(app, caller)), relation: { blocks: false, mutes: false } };
    throw notFound(PROFILE_NOT_FOUND);
  }
  if (profile._id.equals(caller.id)) return { ...profile, relation: { blocks: false, mutes: false } };
  const { blocks, mutes, blockedBy } = await app.relations.between(caller.id, profile._id);
  if (blockedBy && !evenIfBlocked) throw notFound(PROFILE_NOT_FOUND);
  return { ...profile, relation: { blocks, mutes } };
}
