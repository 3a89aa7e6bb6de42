import { matchRoute, ROUTE_PATTERNS, ROUTES } from '@devcircle/contracts';
import type { RemoteAppProps } from '@devcircle/sdk/remote';
import { EditProfileScreen } from '../features/edit-profile/EditProfileScreen';
import { FollowListScreen } from '../features/follow-lists/FollowListScreen';
import { ProfileScreen } from '../features/profile/ProfileScreen';

/** Picks the profile screen from the path; the shell's router decides which paths reach this remote. */
export function ProfileApp({ path }: RemoteAppProps) {
  const normalized = path.replace(/\/+$/, '') || '/';
  if (normalized === ROUTES.editProfile) return <EditProfileScreen />;
  for (const list of ['followers', 'following'] as const) {
    const match = matchRoute(ROUTE_PATTERNS[list], normalized);
    // `key`: moving to another person's list starts that screen afresh.
    if (match)
      return <FollowListScreen key={`${match.username}/${list}`} username={match.username} list={list} />;
  }
  const profile = matchRoute(ROUTE_PATTERNS.profile, normalized);
  // `key`: moving to another person's profile starts that screen afresh.
  return <ProfileScreen key={profile?.username ?? ''} username={profile?.username ?? ''} />;
}
