import { useState } from 'react';
import { ROUTES } from '@devcircle/contracts';
import { useSdk } from '@devcircle/sdk/react';
import { errorMessage } from '../errorMessage';

export interface LoginValues {
  email: string;
  password: string;
}

/**
 * Login form state (§2 Login, §4 Auth, §8): success goes to /feed; a failure shows the server's message, else
 * 'Login failed', until the user edits a field.
 */
export function useLogin() {
  const sdk = useSdk();
  const [values, setValues] = useState<LoginValues>({ email: '', password: '' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const change = (field: keyof LoginValues, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setError(null);
  };

  const submit = async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await sdk.auth.login(values.email.trim(), values.password);
      sdk.navigation.navigate(ROUTES.feed);
    } catch (failure) {
      setError(errorMessage(failure, 'Login failed'));
      setBusy(false);
    }
  };

  return { values, busy, error, change, submit };
}
