import { useState } from 'react';
import { ROUTES } from '@devcircle/contracts';
import { isApiError } from '@devcircle/sdk';
import { useSdk } from '@devcircle/sdk/react';
import { errorMessage } from '../errorMessage';
import { validateRegister, type RegisterErrors, type RegisterValues } from './validateRegister';

const EMPTY: RegisterValues = { username: '', email: '', password: '', confirmPassword: '' };

/** Field errors the server sent (the SDK's `ApiError.errors`), for the fields this form has. */
function serverFieldErrors(failure: unknown): RegisterErrors {
  const result: RegisterErrors = {};
  if (!isApiError(failure)) return result;
  for (const { field, message } of failure.errors ?? []) {
    if (field === 'username' || field === 'email' || field === 'password') result[field] ??= message;
  }
  return result;
}

/**
 * Register form state (§2 Register, §5, §8): errors per field (cleared when that field is edited), the
 * server's message in the banner (else 'Registration failed'), success to /feed.
 */
export function useRegister() {
  const sdk = useSdk();
  const [values, setValues] = useState<RegisterValues>(EMPTY);
  const [fieldErrors, setFieldErrors] = useState<RegisterErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const change = (field: keyof RegisterValues, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setFieldErrors((current) => ({ ...current, [field]: undefined }));
    setError(null);
  };

  const submit = async (): Promise<keyof RegisterValues | null> => {
    if (busy) return null;
    const errors = validateRegister(values);
    setFieldErrors(errors);
    setError(null);
    const firstInvalid = (Object.keys(errors) as (keyof RegisterValues)[])[0];
    if (firstInvalid) return firstInvalid;
    setBusy(true);
    try {
      await sdk.auth.register(values.username.trim(), values.email.trim(), values.password);
      sdk.navigation.navigate(ROUTES.feed);
      return null;
    } catch (failure) {
      setFieldErrors(serverFieldErrors(failure));
      setError(errorMessage(failure, 'Registration failed'));
      setBusy(false);
      return null;
    }
  };

  return { values, fieldErrors, error, busy, change, submit };
}
