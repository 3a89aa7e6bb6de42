import { useEffect, useRef, useState } from 'react';
import { ROUTES } from '@devcircle/contracts';
import { useAuth, useSdk } from '@devcircle/sdk/react';
import { useUsersApi } from '../users/api';
import { errorMessage } from '../users/errorMessage';
import { toProfileEdit, type ProfileFormValues } from './profileForm';

/** After a successful save the screen moves to the profile after this long (product-spec §9). */
export const REDIRECT_AFTER_SAVE_MS = 2000;

export type SaveState =
  { status: 'idle' } | { status: 'saving' } | { status: 'saved' } | { status: 'failed'; message: string };

/**
 * Saves the profile (`PUT /api/users/:id`, the id from the session): the session user takes the new display
 * name (the top bar follows), then after 2 s the screen moves to the profile. Failure: the server's message,
 * else 'Failed to update profile' (§8).
 */
export function useSaveProfile() {
  const api = useUsersApi();
  const sdk = useSdk();
  const { user } = useAuth();
  const [state, setState] = useState<SaveState>({ status: 'idle' });
  const redirect = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(redirect.current), []);

  const save = async (values: ProfileFormValues) => {
    if (!user) return;
    setState({ status: 'saving' });
    try {
      const updated = await api.updateProfile(user.id, toProfileEdit(values));
      sdk.auth.updateUser({ ...user, displayName: updated.displayName });
      setState({ status: 'saved' });
      const to = ROUTES.profile(updated.username || user.username);
      redirect.current = setTimeout(() => sdk.navigation.navigate(to), REDIRECT_AFTER_SAVE_MS);
    } catch (error) {
      setState({ status: 'failed', message: errorMessage(error, 'Failed to update profile') });
    }
  };

  return { state, save };
}
