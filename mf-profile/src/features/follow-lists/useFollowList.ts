import { useCallback, useEffect, useRef, useState } from 'react';
import { useUsersApi } from '../users/api';
import { errorMessage } from '../users/errorMessage';
import type { FollowList, UserRef } from '@devcircle/contracts';

/** The failure text of each list (product-spec §8). */
export const FOLLOW_LIST_FAILURE: Record<FollowList, string> = {
  followers: 'Failed to fetch followers',
  following: 'Failed to fetch following',
};

export type FollowListState =
  | { status: 'loading' }
  /** `detail`: the server's reason when it gave one (e.g. 'This profile is private'). */
  | { status: 'failed'; message: string; detail?: string }
  | { status: 'loaded'; users: UserRef[]; hasMore: boolean; page: number };

/** One page after another of a profile's followers or following (newest first). */
export function useFollowList(username: string, list: FollowList) {
  const api = useUsersApi();
  const [state, setState] = useState<FollowListState>({ status: 'loading' });
  const [loadingMore, setLoadingMore] = useState(false);
  const controller = useRef<AbortController | null>(null);

  const fetchPage = useCallback(
    async (page: number, signal: AbortSignal) => {
      if (list === 'followers') {
        const answer = await api.fetchFollowers(username, page, signal);
        return { users: answer.followers, hasMore: answer.hasMore };
      }
      const answer = await api.fetchFollowing(username, page, signal);
      return { users: answer.following, hasMore: answer.hasMore };
    },
    [api, username, list],
  );

  useEffect(() => {
    const current = new AbortController();
    controller.current = current;
    fetchPage(1, current.signal).then(
      (answer) => setState({ status: 'loaded', ...answer, page: 1 }),
      (error: unknown) => {
        // Handled: the screen shows the failure (a private profile, an unknown user), so nothing is logged.
        if (current.signal.aborted) return;
        const message = FOLLOW_LIST_FAILURE[list];
        const detail = errorMessage(error, message);
        setState({ status: 'failed', message, detail: detail === message ? undefined : detail });
      },
    );
    return () => current.abort();
  }, [fetchPage, list]);

  const loadMore = useCallback(async () => {
    if (state.status !== 'loaded' || loadingMore || !controller.current) return;
    setLoadingMore(true);
    try {
      const answer = await fetchPage(state.page + 1, controller.current.signal);
      setState((previous) => {
        if (previous.status !== 'loaded') return previous;
        const seen = new Set(previous.users.map((user) => user._id));
        const users = [...previous.users, ...answer.users.filter((user) => !seen.has(user._id))];
        return { status: 'loaded', users, hasMore: answer.hasMore, page: previous.page + 1 };
      });
    } catch (error) {
      console.error('Failed to load more', error);
    } finally {
      setLoadingMore(false);
    }
  }, [state, loadingMore, fetchPage]);

  return { state, loadingMore, loadMore };
}
