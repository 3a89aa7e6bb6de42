import { Suspense, useState, type ReactNode } from 'react';
import { matchRoute, ROUTE_PATTERNS, ROUTES } from '@devcircle/contracts';
import { useAuth, useSdk } from '@devcircle/sdk/react';
import { lazyScreen, type RemoteAppProps } from '@devcircle/sdk/remote';
import { EditProfileLoading } from '../features/edit-profile/EditProfileLoading';
import { FollowListLoading } from '../features/follow-lists/FollowListLoading';
import { ProfileLoading } from '../features/profile/ProfileLoading';
import { followListPath, profilePath, userPath } from '../features/users/api';

// Each screen is a chunk of its own, fetched the first time its route shows: a route loads only its own code.
const ProfileScreen = lazyScreen(() =>
  import(/* webpackChunkName: "profile-screen" */ '../features/profile/ProfileScreen').then(
    (module) => module.ProfileScreen,
  ),
);
const FollowListScreen = lazyScreen(() =>
  import(/* webpackChunkName: "follow-list-screen" */ '../features/follow-lists/FollowListScreen').then(
    (module) => module.FollowListScreen,
  ),
);
const EditProfileScreen = lazyScreen(() =>
  import(/* webpackChunkName: "edit-profile-screen" */ '../features/edit-profile/EditProfileScreen').then(
    (module) => module.EditProfileScreen,
  ),
);

/**
 * One screen. While its code loads it shows `loading`, the screen's own loading state (the same page, header and
 * skeleton the screen shows while its data loads), so nothing moves when the screen takes over; meanwhile its first
 * data is already on the way (`api.prefetch`: the screen's first request takes that answer instead of asking only
 * once its code has arrived).
 */
function Screen({
  loading,
  firstData,
  children,
}: {
  loading: ReactNode;
  firstData?: string;
  children: ReactNode;
}) {
  const { api } = useSdk();
  // Once per screen (each route's Screen is keyed), as the screen's code starts loading.
  useState(() => {
    if (firstData) api.prefetch(firstData);
  });
  return <Suspense fallback={loading}>{children}</Suspense>;
}

/** Picks the profile screen from the path; the shell's router decides which paths reach this remote. */
export function ProfileApp({ path }: RemoteAppProps) {
  const { user } = useAuth();
  const normalized = path.replace(/\/+$/, '') || '/';
  if (normalized === ROUTES.editProfile) {
    return (
      <Screen
        key="edit"
        loading={<EditProfileLoading />}
        firstData={user ? userPath(user.username) : undefined}
      >
        <EditProfileScreen />
      </Screen>
    );
  }
  for (const list of ['followers', 'following'] as const) {
    const match = matchRoute(ROUTE_PATTERNS[list], normalized);
    // `key`: moving to another person's list starts that screen afresh.
    if (match) {
      const { username } = match;
      return (
        <Screen
          key={`${username}/${list}`}
          loading={<FollowListLoading username={username} list={list} />}
          firstData={followListPath(username, list)}
        >
          <FollowListScreen username={username} list={list} />
        </Screen>
      );
    }
  }
  const username = matchRoute(ROUTE_PATTERNS.profile, normalized)?.username ?? '';
  // `key`: moving to another person's profile starts that screen afresh.
  return (
    <Screen
      key={`profile/${username}`}
      loading={<ProfileLoading />}
      firstData={username ? profilePath(username) : undefined}
    >
      <ProfileScreen username={username} />
    </Screen>
  );
}
