import { useCallback, useEffect, useRef, useState } from 'react';
import { useSdk } from '@devcircle/sdk/react';
import { fetchIsPrivate, PRIVACY_FAILURE_MESSAGE, PRIVACY_LOAD_FAILURE_MESSAGE, updatePrivacy } from './api';
import { failureMessage } from './failureMessage';

export type PrivacyState =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; isPrivate: boolean; saving: boolean; error: string | null };

/**
 * Account privacy (§4 Settings, §8): the current value from the own profile; a toggle flips at once and calls
 * `PUT /api/users/:id/privacy`; a failure flips it back and says why (the server's message, else 'Validation: '
 * plus its first field error, else the fallback).
 */
export function usePrivacy(userId: string, username: string) {
  const sdk = useSdk();
  const [state, setState] = useState<PrivacyState>({ status: 'loading' });
  const controller = useRef<AbortController | null>(null);

  const load = useCallback(async () => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setState({ status: 'loading' });
    try {
      const isPrivate = await fetchIsPrivate(sdk.api, username, current.signal);
      if (!current.signal.aborted) setState({ status: 'ready', isPrivate, saving: false, error: null });
    } catch (error) {
      if (!current.signal.aborted) {
        setState({ status: 'failed', message: failureMessage(error, PRIVACY_LOAD_FAILURE_MESSAGE) });
      }
    }
  }, [sdk, username]);

  useEffect(() => {
    void load();
    return () => controller.current?.abort();
  }, [load]);

  const toggle = async (isPrivate: boolean) => {
    if (state.status !== 'ready' || state.saving) return;
    const previous = state.isPrivate;
    setState({ status: 'ready', isPrivate, saving: true, error: null });
    try {
      const saved = await updatePrivacy(sdk.api, userId, isPrivate);
      setState({ status: 'ready', isPrivate: saved, saving: false, error: null });
    } catch (error) {
      const message = failureMessage(error, PRIVACY_FAILURE_MESSAGE, 'Validation: ');
      setState({ status: 'ready', isPrivate: previous, saving: false, error: message });
    }
  };

  return { state, toggle, retry: load };
}
