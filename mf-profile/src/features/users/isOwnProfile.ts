import type { SessionUser } from '@devcircle/sdk';
import type { UserRef } from '@devcircle/contracts';

/** Whether the signed-in user is this profile's owner (ids are the account ids in both services). */
export function isOwnProfile(user: SessionUser | null, profile: UserRef): boolean {
  if (!user) return false;
  return (user.id ?? user._id) === profile._id;
}
