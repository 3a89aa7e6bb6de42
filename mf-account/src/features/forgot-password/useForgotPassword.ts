import { useState } from 'react';
import { useSdk } from '@devcircle/sdk/react';
import { errorMessage } from '../errorMessage';

/** The success text is fixed whatever the server says, so the screen never reveals whether an account exists. */
export const FORGOT_SUCCESS_MESSAGE = 'If an account with that email exists, a reset link has been sent.';
export const FORGOT_FAILURE_MESSAGE = 'Something went wrong. Please try again.';

/**
 * Forgot password form state (§2, §8): `POST /api/auth/forgot-password {email}`; success shows the fixed text,
 * a failure the server's message, else 'Something went wrong. Please try again.'.
 */
export function useForgotPassword() {
  const sdk = useSdk();
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);

  const change = (value: string) => {
    setEmail(value);
    setError(null);
  };

  const submit = async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    setSent(false);
    try {
      await sdk.api.post(
        '/api/auth/forgot-password',
        { email: email.trim() },
        {
          fallbackMessage: FORGOT_FAILURE_MESSAGE,
        },
      );
      setSent(true);
    } catch (failure) {
      setError(errorMessage(failure, FORGOT_FAILURE_MESSAGE));
    } finally {
      setBusy(false);
    }
  };

  return { email, busy, error, sent, change, submit };
}
