import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../users/errorMessage';
import { useUsersApi } from '../users/api';
import type { ProfileResponse } from '../users/types';

/** The not-found text when the server gives none (product-spec §2 Profile). */
export const USER_NOT_FOUND_TEXT = "The user you're looking for doesn't exist or has been removed.";

export type ProfileState =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  /** `version` grows with every answer, so lists seeded from it (the posts) start over after a refetch. */
  | { status: 'loaded'; data: ProfileResponse; version: number };

/**
 * One profile (`GET /api/users/:username?limit=8&includeFollowersData=true`): loading, loaded or failed with
 * §8's message. `refetch` reloads it in place (the loaded page stays up meanwhile); `update` edits it locally.
 */
export function useProfile(username: string) {
  const api = useUsersApi();
  const [state, setState] = useState<ProfileState>({ status: 'loading' });
  const controller = useRef<AbortController | null>(null);
  const version = useRef(0);

  const load = useCallback(async () => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    if (!username) {
      setState({ status: 'failed', message: USER_NOT_FOUND_TEXT });
      return;
    }
    try {
      const data = await api.fetchProfile(username, current.signal);
      if (current.signal.aborted) return;
      version.current += 1;
      setState({ status: 'loaded', data, version: version.current });
    } catch (error) {
      if (current.signal.aborted) return;
      setState((previous) =>
        // A failed refetch keeps what is on screen; only the first load turns into "User Not Found".
        previous.status === 'loaded'
          ? previous
          : { status: 'failed', message: errorMessage(error, USER_NOT_FOUND_TEXT) },
      );
    }
  }, [api, username]);

  useEffect(() => {
    void load();
    return () => controller.current?.abort();
  }, [load]);

  const update = useCallback((change: (data: ProfileResponse) => ProfileResponse) => {
    setState((previous) =>
      previous.status === 'loaded' ? { ...previous, data: change(previous.data) } : previous,
    );
  }, []);

  return { state, refetch: load, update };
}
