import { useCallback } from 'react';
import { useUsersApi } from '../users/api';
import type { ProfileResponse } from '../users/types';

interface FollowTarget {
  data: ProfileResponse;
  update(change: (data: ProfileResponse) => ProfileResponse): void;
  refetch(): Promise<void>;
}

/**
 * Follow or unfollow the profile (product-spec §4): the answer's user (new counts) and isFollowing replace
 * what is shown; an answer without a user, or a private profile (what the viewer may see changes), refetches.
 * Failures are only logged (§8).
 */
export function useFollowToggle({ data, update, refetch }: FollowTarget) {
  const api = useUsersApi();
  const { username, isPrivate } = data.user;
  const following = data.isFollowing;

  return useCallback(async () => {
    try {
      const answer = following ? await api.unfollow(username) : await api.follow(username);
      const user = answer.user;
      if (user) {
        update((current) => ({
          ...current,
          isFollowing: answer.isFollowing,
          user: { ...current.user, ...user },
        }));
      }
      if (!user || isPrivate) await refetch();
    } catch (error) {
      console.error(following ? 'Failed to unfollow' : 'Failed to follow', error);
    }
  }, [api, username, isPrivate, following, update, refetch]);
}
