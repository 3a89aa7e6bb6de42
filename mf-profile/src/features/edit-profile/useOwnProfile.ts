import { useEffect, useState } from 'react';
import { useAuth } from '@devcircle/sdk/react';
import { useUsersApi } from '../users/api';
import { errorMessage } from '../users/errorMessage';
import type { ProfileView } from '../users/types';

export type OwnProfileState =
  { status: 'loading' } | { status: 'failed'; message: string } | { status: 'loaded'; user: ProfileView };

/** The signed-in user's own profile, the edit screen's starting values. */
export function useOwnProfile(): OwnProfileState {
  const api = useUsersApi();
  const { user } = useAuth();
  const username = user?.username ?? '';
  const [state, setState] = useState<OwnProfileState>({ status: 'loading' });

  useEffect(() => {
    if (!username) return;
    const controller = new AbortController();
    api.fetchUser(username, controller.signal).then(
      (answer) => setState({ status: 'loaded', user: answer.user }),
      (error: unknown) => {
        if (!controller.signal.aborted)
          setState({ status: 'failed', message: errorMessage(error, 'Failed to fetch profile') });
      },
    );
    return () => controller.abort();
  }, [api, username]);

  return state;
}
