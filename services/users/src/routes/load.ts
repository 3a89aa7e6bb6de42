import { notFound, type Caller } from '@devcircle/service-kit';
import type { UsersContext } from '../context';
import { PROFILE_NOT_FOUND } from '../profiles/messages';
import { ownProfile } from '../profiles/own-profile';
import type { Profile } from '../profiles/profile';

/**
 * The profile a path names by username (case-insensitively); 404 when there is none. The caller's own username
 * finds the caller's profile even before auth's `account.registered` has been handled.
 */
export async function loadProfile(
  app: UsersContext,
  username: string | undefined,
  caller: Caller,
): Promise<Profile> {
  const name = username ?? '';
  const profile = name ? await app.profiles.findByUsername(name) : null;
  if (profile) return profile;
  if (name && name.toLowerCase() === caller.username.toLowerCase()) return ownProfile(app, caller);
  throw notFound(PROFILE_NOT_FOUND);
}
