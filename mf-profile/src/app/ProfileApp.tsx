import type { RemoteAppProps } from '@devcircle/sdk/remote';
import { EditProfileScreen } from '../features/edit-profile/EditProfileScreen';
import { FollowListScreen } from '../features/follow-lists/FollowListScreen';
import { ProfileScreen } from '../features/profile/ProfileScreen';

const PROFILE_PATH = /^\/profile\/([^/]+)(?:\/(followers|following))?$/;

/** Picks the profile screen from the path; the shell's router decides which paths reach this remote. */
export function ProfileApp({ path }: RemoteAppProps) {
  const normalized = path.replace(/\/+$/, '') || '/';
  if (normalized === '/edit-profile') return <EditProfileScreen />;
  const match = PROFILE_PATH.exec(normalized);
  if (!match) return <ProfileScreen key="" username="" />;
  const username = decodeURIComponent(match[1]);
  // `key`: moving to another person's profile starts that screen afresh.
  if (match[2] === 'followers' || match[2] === 'following')
    return <FollowListScreen key={`${username}/${match[2]}`} username={username} list={match[2]} />;
  return <ProfileScreen key={username} username={username} />;
}
