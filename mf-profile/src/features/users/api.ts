import { useMemo } from 'react';
import type { ApiClient } from '@devcircle/sdk';
import { useSdk } from '@devcircle/sdk/react';
import {
  PROFILE_PAGE_SIZE,
  type FollowAnswer,
  type FollowList,
  type FollowListPage,
  type ProfileAnswer,
  type ProfileEdit,
  type ProfilePostsPage,
  type PublicUser,
} from '@devcircle/contracts';

/** A profile alone (the edit screen's first request); with a suffix, one of its lists. */
export const userPath = (username: string) => `/api/users/${encodeURIComponent(username)}`;

/** The profile screen's first request: the profile with its first posts and the viewer's follow state. */
export const profilePath = (username: string) =>
  `${userPath(username)}?limit=${PROFILE_PAGE_SIZE}&includeFollowersData=true`;

/** A page of a profile's followers or following. */
export const followListPath = (username: string, list: FollowList, page = 1) =>
  `${userPath(username)}/${list}?page=${page}`;

/** The users service's calls (services/users/README.md), through the SDK's client (token, §8 errors). */
export function createUsersApi(api: ApiClient) {
  return {
    fetchProfile: (username: string, signal?: AbortSignal) =>
      api.get<ProfileAnswer>(profilePath(username), {
        fallbackMessage: 'Failed to fetch profile',
        signal,
      }),
    /** The profile alone (the edit screen's starting values); posts and counts come along but go unused. */
    fetchUser: (username: string, signal?: AbortSignal) =>
      api.get<ProfileAnswer>(userPath(username), { fallbackMessage: 'Failed to fetch profile', signal }),
    fetchPosts: (username: string, page: number) =>
      api.get<ProfilePostsPage>(`${userPath(username)}/posts?page=${page}&limit=${PROFILE_PAGE_SIZE}`),
    fetchFollowers: (username: string, page = 1, signal?: AbortSignal) =>
      api.get<FollowListPage<'followers'>>(followListPath(username, 'followers', page), {
        fallbackMessage: 'Failed to fetch followers',
        signal,
      }),
    fetchFollowing: (username: string, page = 1, signal?: AbortSignal) =>
      api.get<FollowListPage<'following'>>(followListPath(username, 'following', page), {
        fallbackMessage: 'Failed to fetch following',
        signal,
      }),
    follow: (username: string) => api.put<FollowAnswer>(`${userPath(username)}/follow`),
    unfollow: (username: string) => api.put<FollowAnswer>(`${userPath(username)}/unfollow`),
    updateProfile: (userId: string, edit: ProfileEdit) =>
      api.put<PublicUser>(`/api/users/${encodeURIComponent(userId)}`, edit, {
        fallbackMessage: 'Failed to update profile',
      }),
  };
}

export type UsersApi = ReturnType<typeof createUsersApi>;

/** The users calls of the page's SDK (or the one a test provides). */
export function useUsersApi(): UsersApi {
  const { api } = useSdk();
  return useMemo(() => createUsersApi(api), [api]);
}
