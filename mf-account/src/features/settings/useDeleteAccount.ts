import { useState } from 'react';
import { ROUTES } from '@devcircle/contracts';
import { useSdk } from '@devcircle/sdk/react';
import { deleteAccount, DELETE_FAILURE_MESSAGE } from './api';
import { failureMessage } from './failureMessage';

/**
 * Delete account (§4 Settings, §8): Delete Account opens the confirm panel; confirming calls
 * `DELETE /api/users/:id`. Success logs out and goes to /; a failure shows the server's message, else the
 * fallback. The panel closes in all cases.
 */
export function useDeleteAccount(userId: string) {
  const sdk = useSdk();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const ask = () => {
    setError(null);
    setConfirming(true);
  };

  const cancel = () => {
    if (!busy) setConfirming(false);
  };

  const confirm = async () => {
    if (busy) return;
    setBusy(true);
    try {
      await deleteAccount(sdk.api, userId);
      setConfirming(false);
      setBusy(false);
      sdk.auth.logout();
      // After the shell has reacted to the sign-out (it sends a signed-out visitor on /settings to /login), go to /.
      setTimeout(() => sdk.navigation.navigate(ROUTES.landing), 0);
    } catch (failure) {
      setConfirming(false);
      setBusy(false);
      setError(failureMessage(failure, DELETE_FAILURE_MESSAGE));
    }
  };

  return { confirming, busy, error, ask, cancel, confirm };
}
