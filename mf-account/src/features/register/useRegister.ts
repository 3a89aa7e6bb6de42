import { useState } from 'react';
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

/** A registration the server took: the message to show and the address the mail went to. */
export interface PendingRegistration {
  message: string;
  email: string;
}

/**
 * Register form state (§2 Register, §5, §8): errors per field (cleared when that field is edited), the
 * server's message in the banner (else 'Registration failed'). A success signs nobody in: the account is made
 * from the link the server mails (so the answer never tells whether the address had an account), and `pending`
 * holds what the "check your inbox" state shows. `startOver` goes back to the form, values kept.
 */
export function useRegister() {
  const sdk = useSdk();
  const [values, setValues] = useState<RegisterValues>(EMPTY);
  const [fieldErrors, setFieldErrors] = useState<RegisterErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [pending, setPending] = useState<PendingRegistration | null>(null);
  // Back from "check your inbox" to fix the address: the form comes back with the email field focused.
  const [backToEmail, setBackToEmail] = useState(false);

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
      const email = values.email.trim();
      const { message } = await sdk.auth.register(values.username.trim(), email, values.password);
      setPending({ message, email });
      setBusy(false);
      return null;
    } catch (failure) {
      const onFields = serverFieldErrors(failure);
      const message = errorMessage(failure, 'Registration failed');
      setFieldErrors(onFields);
      // Said once (issue 21): a message already shown on its field (e.g. 'Username is already taken') is not
      // repeated in the banner; that field gets the focus, so it is read out with its error.
      const fieldWithMessage = (Object.keys(onFields) as (keyof RegisterValues)[]).find(
        (field) => onFields[field] === message,
      );
      setError(fieldWithMessage ? null : message);
      setBusy(false);
      return fieldWithMessage ?? null;
    }
  };

  const startOver = () => {
    setPending(null);
    setBackToEmail(true);
  };

  return { values, fieldErrors, error, busy, pending, backToEmail, change, submit, startOver };
}
