import { useMemo } from 'react';
import type { ApiClient } from '@devcircle/sdk';
import { useSdk } from '@devcircle/sdk/react';
import type { ExploreUser, UserQuery } from './types';

/** What the user sees when a search fails, whatever the cause (product-spec §8). */
export const EXPLORE_ERROR_MESSAGE = 'Failed to fetch users';

/** The users service's search (services/users/README.md), made through the SDK's client. */
export function createExploreApi(api: ApiClient) {
  /** At most 50 public users, newest first; with neither part set, the newest 50. */
  function searchUsers(query: UserQuery, signal?: AbortSignal): Promise<ExploreUser[]> {
    const params = new URLSearchParams();
    if (query.search) params.set('search', query.search);
    if (query.skill) params.set('skill', query.skill);
    const search = params.toString();
    return api.get<ExploreUser[]>(search ? `/api/users?${search}` : '/api/users', {
      fallbackMessage: EXPLORE_ERROR_MESSAGE,
      signal,
    });
  }

  return { searchUsers };
}

export type ExploreApi = ReturnType<typeof createExploreApi>;

/** The explore calls of the page's SDK (or the one a test provides). */
export function useExploreApi(): ExploreApi {
  const { api } = useSdk();
  return useMemo(() => createExploreApi(api), [api]);
}
