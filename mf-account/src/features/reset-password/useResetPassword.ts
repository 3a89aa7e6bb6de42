import { useEffect, useRef, useState } from 'react';
import { PASSWORD_MIN, ROUTES } from '@devcircle/contracts';
import { useSdk } from '@devcircle/sdk/react';
import { errorMessage } from '../errorMessage';

export interface ResetValues {
  password: string;
  confirmPassword: string;
}

export type ResetErrors = Partial<Record<keyof ResetValues, string>>;

export const RESET_FAILURE_MESSAGE = 'Reset failed. Try again or request a new link.';
const RESET_SUCCESS_FALLBACK = 'Your password has been reset. You can now sign in.';
/** §2 and §9: after a successful reset the screen moves to /login after 2 seconds. */
export const RESET_REDIRECT_DELAY_MS = 2000;

/** §5 Reset password: at least 6 characters; the confirmation must match. */
export function validateReset(values: ResetValues): ResetErrors {
  const errors: ResetErrors = {};
  if (values.password.length < PASSWORD_MIN)
    errors.password = `Password must be at least ${PASSWORD_MIN} characters.`;
  if (values.confirmPassword !== values.password) errors.confirmPassword = 'Passwords do not match.';
  return errors;
}

/**
 * Reset password form state (§2, §5, §8): `POST /api/auth/reset-password {token, password}`; success shows the
 * server's message and goes to /login after 2 s; a failure shows the server's message, else the fallback.
 */
export function useResetPassword(token: string) {
  const sdk = useSdk();
  const [values, setValues] = useState<ResetValues>({ password: '', confirmPassword: '' });
  const [fieldErrors, setFieldErrors] = useState<ResetErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const redirect = useRef<ReturnType<typeof setTimeout> | null>(null);

  // Leaving the screen before the redirect cancels it.
  useEffect(
    () => () => {
      if (redirect.current) clearTimeout(redirect.current);
    },
    [],
  );

  const change = (field: keyof ResetValues, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setFieldErrors((current) => ({ ...current, [field]: undefined }));
    setError(null);
  };

  const submit = async (): Promise<keyof ResetValues | null> => {
    if (busy || success) return null;
    const errors = validateReset(values);
    setFieldErrors(errors);
    setError(null);
    const firstInvalid = (Object.keys(errors) as (keyof ResetValues)[])[0];
    if (firstInvalid) return firstInvalid;
    setBusy(true);
    try {
      const reply = await sdk.api.post<{ message?: unknown } | undefined>(
        '/api/auth/reset-password',
        { token, password: values.password },
        { fallbackMessage: RESET_FAILURE_MESSAGE },
      );
      const message =
        typeof reply?.message === 'string' && reply.message ? reply.message : RESET_SUCCESS_FALLBACK;
      setSuccess(message);
      setBusy(false);
      redirect.current = setTimeout(() => sdk.navigation.navigate(ROUTES.login), RESET_REDIRECT_DELAY_MS);
    } catch (failure) {
      setError(errorMessage(failure, RESET_FAILURE_MESSAGE));
      setBusy(false);
    }
    return null;
  };

  return { values, fieldErrors, error, success, busy, change, submit };
}
